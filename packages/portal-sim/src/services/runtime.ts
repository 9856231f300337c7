import type { FaultSet, ServiceName } from '../faults/fault-types.js';
import type { Lockout } from '../lookup/lockout.js';
import type { Renderer } from '../render/renderer.js';
import type { SimPerson } from '../seed/person.js';
import type { SimSettings } from '../settings.js';

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
}
