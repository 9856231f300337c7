import type { Outcome } from '@sharecode/core';
import type { Faults, ServiceName } from '../faults/fault-types.js';
import type { Person, SimPerson } from '../seed/person.js';
import type { SimSettings } from '../settings.js';
import type { SimVariants } from '../variants.js';

export interface PortalSimOptions extends Partial<SimSettings>, Partial<SimVariants> {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Port of the separate sign-in host (right to work's Keycloak stand-in); 0 (the default) picks a free one. */
  readonly signInPort?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** People, or the path of a seed JSON file; default: the package's seed/people.json. */
  readonly seed?: readonly Person[] | string;
  /** Faults in force from the start. */
  readonly faults?: Faults;
  /** The time the services see (dates of check, code expiry, session timeouts). Default: the system clock. */
  readonly clock?: () => Date;
}

export type ServiceUrls = Readonly<Record<ServiceName, string>>;

export interface PortalSim {
  /** The simulator's origin, for example http://127.0.0.1:39123. */
  readonly url: string;
  /** Each service's stand-in for its real origin (https://right-to-work.service.gov.uk ...). */
  readonly baseUrls: ServiceUrls;
  /**
   * Full URLs a driver can start each service from, as the variants in force say: right to work's
   * /rtw-view, right to rent's invented entry, immigration status's GOV.UK start page (default),
   * /view/checker-details or /view/start. Read again after setVariants.
   */
  readonly entryUrls: ServiceUrls;
  /** Origin of the separate sign-in host (stands for user-auth.apply-to-visit-or-stay-in-the-uk.homeoffice.gov.uk). */
  readonly signInUrl: string;
  /** The www.gov.uk start pages, with their "Start now" buttons. */
  readonly startPages: ServiceUrls;
  readonly people: readonly SimPerson[];
  readonly settings: SimSettings;
  /** The run's variants in force (a person's own `variants` override them on that person's pages). */
  variants(): SimVariants;
  /** Changes some variants; invalid keys or values leave every variant as it was and come back as problems. */
  setVariants(partial: Partial<Record<string, unknown>>): Outcome<SimVariants, string[]>;
  /**
   * Makes the next `times` (default 1) form posts to the sign-in host answer with Keycloak's
   * "Page has expired" or "Cookie not found" page and lose that sign-in, so a driver's retry as a
   * fresh session can be tested. Refuses an unknown page or a count below 1 with a problem.
   */
  interruptSignIn(page: string, times?: number): Outcome<number, string[]>;
  /** The faults in force. */
  faults(): Faults;
  /** Replaces the faults; invalid faults leave the old ones in force and come back as problems. */
  setFaults(faults: Faults): Outcome<Faults, string[]>;
  resetFaults(): void;
  /** Removes faults, lockouts and sessions, and puts the variants back to those the run started with. */
  reset(): void;
  /** Stops listening and drops every open connection, hung ones included. */
  close(): Promise<void>;
}
