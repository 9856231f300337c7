/** The three services, as the library names them (base URLs, per-service faults). */
export type ServiceName = 'rightToWork' | 'rightToRent' | 'immigrationStatus';

export const SERVICE_NAMES: readonly ServiceName[] = ['rightToWork', 'rightToRent', 'immigrationStatus'];

/**
 * Which requests a latency or error fault hits: every request of the service, only the step
 * where the share code is looked up (the date-of-birth POST), or only the result page and PDF.
 */
export type FaultScope = 'all' | 'lookup' | 'result';

export const FAULT_SCOPES: readonly FaultScope[] = ['all', 'lookup', 'result'];

export type LatencyFault =
  | { readonly ms: number; readonly on?: FaultScope }
  | { readonly minMs: number; readonly maxMs: number; readonly on?: FaultScope }
  /** 15 to 40 s, uniform: the time a live check is said to take. */
  | { readonly preset: 'realistic'; readonly on?: FaultScope };

export const REALISTIC_LATENCY = { minMs: 15_000, maxMs: 40_000 } as const;

/**
 * - `problem-page`: "Sorry, there is a problem with the service" with HTTP 200 (a page that only
 *   its words mark as an error);
 * - `http-500`: the same page with HTTP 500;
 * - `http-503`: "Sorry, the service is unavailable" with HTTP 503;
 * - `hang`: the request is never answered.
 */
export type ErrorKind = 'problem-page' | 'http-500' | 'http-503' | 'hang';

export const ERROR_KINDS: readonly ErrorKind[] = ['problem-page', 'http-500', 'http-503', 'hang'];

export interface ErrorFault {
  readonly kind: ErrorKind;
  readonly on?: FaultScope;
}

export interface FaultSet {
  readonly latency?: LatencyFault;
  readonly error?: ErrorFault;
  /** `changed`: the result pages' headings, labels and ids are renamed, as after a redesign. */
  readonly pageShape?: 'changed';
  /** Sessions end after this many idle seconds (0: on the next request), losing the answers. */
  readonly sessionTimeoutSeconds?: number;
}

/** Server-wide faults, overridden key by key by a service's own set. */
export interface Faults extends FaultSet {
  readonly services?: { readonly [S in ServiceName]?: FaultSet };
}
