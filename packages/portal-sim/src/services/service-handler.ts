import type { SimRequest, SimResponse } from '../server/http-types.js';
import type { ServiceInfo } from './service-info.js';

/** Which requests a scoped fault hits (see FaultScope). */
export type RequestClass = 'lookup' | 'result' | 'other';

/** What one listening host (a service, or the sign-in host) answers, with its error pages for faults. */
export interface HostRoutes {
  classify(req: SimRequest): RequestClass;
  handle(req: SimRequest): Promise<SimResponse>;
  /** Error pages in this host's chrome, for faults. */
  problem(status: number, req: SimRequest): SimResponse;
  unavailable(req: SimRequest): SimResponse;
  /** Forgets every session. */
  reset(): void;
}

/** One simulated service, mounted under its prefix. */
export interface ServiceHandler extends HostRoutes {
  readonly info: ServiceInfo;
  /**
   * Where a driver starts, as the variants in force say: a path on the simulator's origin, or a
   * full URL (immigration status's GOV.UK start page is on the same origin, so a path too).
   */
  entryUrl(): string;
}
