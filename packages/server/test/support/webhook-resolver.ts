import type { LookupAll, ResolvedAddress } from '../../src/webhooks/resolve-target.js';

export interface TestResolver {
  readonly lookup: LookupAll;
  /** Names looked up, in order. */
  readonly calls: string[];
}

/**
 * A resolver for tests: each name maps to its answers, or to a list of answers per call (the last one
 * repeats), so a name can resolve to a public address first and a loopback address next. Unknown
 * names fail as ENOTFOUND.
 */
export function testResolver(
  table: Readonly<Record<string, readonly (readonly string[])[] | readonly string[]>>,
): TestResolver {
  const calls: string[] = [];
  const seen = new Map<string, number>();
  const lookup: LookupAll = async (hostname) => {
    calls.push(hostname);
    const entry = table[hostname.toLowerCase()];
    if (!entry) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const n = seen.get(hostname) ?? 0;
    seen.set(hostname, n + 1);
    const perCall = Array.isArray(entry[0])
      ? (entry as readonly (readonly string[])[])
      : [entry as readonly string[]];
    const answers = perCall[Math.min(n, perCall.length - 1)] ?? [];
    return answers.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}
