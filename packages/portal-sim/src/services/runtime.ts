import type { FaultSet, ServiceName } from '../faults/fault-types.js';
import type { Lockout } from '../lookup/lockout.js';
import type { Renderer } from '../render/renderer.js';
import type { SimPerson } from '../seed/person.js';
import type { SimSettings } from '../settings.js';
import type { SimVariants } from '../variants.js';

/** What every service handler shares on one simulator. */
export interface SimRuntime {
  readonly settings: SimSettings;
  readonly renderer: Renderer;
  /** By normalised share code. */
  readonly people: ReadonlyMap<string, SimPerson>;
  readonly lockout: Lockout;
  readonly now: () => Date;
  /** The faults in force for a service right now. */
  faultsFor(service: ServiceName): FaultSet;
  /** Paths of the www.gov.uk start pages, for "start again" links. */
  readonly startPages: Readonly<Record<ServiceName, string>>;
  /** The run's variants in force now. */
  variants(): SimVariants;
  /** The variants one person's pages take (the run's, overridden by the person's own). */
  variantsFor(person: SimPerson | undefined): SimVariants;
  /** The simulator's own origin (http://127.0.0.1:PORT), for redirects from the sign-in host. */
  origin(): string;
  /** The sign-in host's origin. */
  signInOrigin(): string;
}
