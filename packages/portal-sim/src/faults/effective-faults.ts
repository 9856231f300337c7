import {
  type FaultScope,
  type FaultSet,
  type Faults,
  REALISTIC_LATENCY,
  type ServiceName,
} from './fault-types.js';

/** The faults one service sees: its own set wins key by key over the server-wide one. */
export function effectiveFaults(faults: Faults, service: ServiceName): FaultSet {
  const { services, ...global } = faults;
  return { ...global, ...(services?.[service] ?? {}) };
}

/** Whether a fault limited to `on` applies to a request of kind `request`. */
export function inScope(on: FaultScope | undefined, request: 'lookup' | 'result' | 'other'): boolean {
  return on === undefined || on === 'all' || on === request;
}

/** The bounds of a latency fault in ms. */
export function latencyBounds(latency: NonNullable<FaultSet['latency']>): { minMs: number; maxMs: number } {
  if ('preset' in latency) return { ...REALISTIC_LATENCY };
  if ('ms' in latency) return { minMs: latency.ms, maxMs: latency.ms };
  return { minMs: latency.minMs, maxMs: latency.maxMs };
}
