import type { SimRequest, SimResponse } from '../server/http-types.js';
import type { ServiceInfo } from './service-info.js';

/** Which requests a scoped fault hits (see FaultScope). */
export type RequestClass = 'lookup' | 'result' | 'other';

/** One simulated service, mounted under its prefix. */
export interface ServiceHandler {
  readonly info: ServiceInfo;
  classify(req: SimRequest): RequestClass;
  handle(req: SimRequest): Promise<SimResponse>;
  /** Error pages in this service's chrome, for faults. */
  problem(status: number, req: SimRequest): SimResponse;
  unavailable(req: SimRequest): SimResponse;
  /** Forgets every session. */
  reset(): void;
}
