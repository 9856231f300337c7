import { BlockList, isIP } from 'node:net';
import { fail, type Outcome, ok } from '@sharecode/core';
import { type Env, numberReader, present } from '../env-values.js';

/**
 * How the service meets its clients at the edge: which proxies it trusts, how many connections it
 * holds, how long an idle keep-alive connection stays, and the operators' token. Read once at start.
 */
export interface EdgeConfig {
  /**
   * Proxies (addresses, CIDRs, or `loopback`, `linklocal`, `uniquelocal`) whose X-Forwarded-For and
   * X-Forwarded-Proto are believed (RTW_TRUST_PROXY, as fastify's `trustProxy`); empty: none.
   */
  readonly trustProxy: readonly string[];
  /** Open connections in total (RTW_MAX_CONNECTIONS); more are closed at once. */
  readonly maxConnections: number;
  /** Open connections from one client address (RTW_MAX_CONNECTIONS_PER_CLIENT); trusted proxies are exempt. */
  readonly maxConnectionsPerClient: number;
  /** How long an idle keep-alive connection is kept (RTW_KEEP_ALIVE_SECONDS). */
  readonly keepAliveMs: number;
  /** Bearer token of GET /healthz/portal's details (RTW_OPERATOR_TOKEN); null: details only on the dashboard. */
  readonly operatorToken: string | null;
}

export interface EdgeFlags {
  readonly trustProxy?: string | undefined;
  readonly maxConnections?: string | number | undefined;
  readonly maxConnectionsPerClient?: string | number | undefined;
  readonly keepAliveSeconds?: string | number | undefined;
}

export const DEFAULT_EDGE_CONFIG: EdgeConfig = {
  trustProxy: [],
  maxConnections: 2048,
  maxConnectionsPerClient: 128,
  keepAliveMs: 5_000,
  operatorToken: null,
};

/** proxy-addr's names for address ranges (fastify's trustProxy takes them too). */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const MIN_TOKEN_LENGTH = 32;

/** An address or CIDR as `[address, prefix, family]`, or null when it is neither. */
function parseRange(text: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', prefixText, extra] = text.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
  if (prefix < 0 || prefix > bits) return null;
  return [address, prefix, version === 4 ? 'ipv4' : 'ipv6'];
}

export function loadEdgeConfig(flags: EdgeFlags, env: Env): Outcome<EdgeConfig, string[]> {
  const problems: string[] = [];
  const trustText = present(flags.trustProxy) ?? present(env.RTW_TRUST_PROXY);
  const trustProxy = (trustText ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const badProxies = trustProxy.filter((entry) => !(entry in NAMED_RANGES) && parseRange(entry) === null);
  if (badProxies.length > 0) {
    problems.push(
      `RTW_TRUST_PROXY (--trust-proxy) must list proxy addresses or CIDRs (10.0.0.5, 10.0.0.0/8, ::1) or loopback, linklocal, uniquelocal, comma-separated; not ${badProxies.join(', ')}.`,
    );
  }
  const read = numberReader({ ...env, ...flagsAsEnv(flags) }, problems);
  const maxConnections = read('RTW_MAX_CONNECTIONS', DEFAULT_EDGE_CONFIG.maxConnections, {
    min: 1,
    max: 1_000_000,
    whole: true,
    unit: 'connections',
  });
  const maxConnectionsPerClient = read(
    'RTW_MAX_CONNECTIONS_PER_CLIENT',
    DEFAULT_EDGE_CONFIG.maxConnectionsPerClient,
    { min: 1, max: 1_000_000, whole: true, unit: 'connections' },
  );
  const keepAliveSeconds = read('RTW_KEEP_ALIVE_SECONDS', DEFAULT_EDGE_CONFIG.keepAliveMs / 1000, {
    min: 0.1,
    max: 600,
    whole: false,
    unit: 'seconds',
  });
  const operatorToken = present(env.RTW_OPERATOR_TOKEN) ?? null;
  if (operatorToken !== null && operatorToken.length < MIN_TOKEN_LENGTH) {
    problems.push(
      `RTW_OPERATOR_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters: generate one with \`openssl rand -hex 32\`.`,
    );
  }
  if (problems.length > 0) return fail(problems);
  return ok({
    trustProxy,
    maxConnections,
    maxConnectionsPerClient,
    keepAliveMs: Math.round(keepAliveSeconds * 1000),
    operatorToken,
  });
}

/** Flags win over the environment: the same reader for both. */
function flagsAsEnv(flags: EdgeFlags): Env {
  const entries: [string, string | number | undefined][] = [
    ['RTW_MAX_CONNECTIONS', flags.maxConnections],
    ['RTW_MAX_CONNECTIONS_PER_CLIENT', flags.maxConnectionsPerClient],
    ['RTW_KEEP_ALIVE_SECONDS', flags.keepAliveSeconds],
  ];
  return Object.fromEntries(
    entries.flatMap(([name, value]) => {
      const text = present(value);
      return text === undefined ? [] : [[name, text]];
    }),
  );
}

/** Whether a socket's remote address is one of the trusted proxies. */
export function trustedProxyMatcher(trustProxy: readonly string[]): (address: string | undefined) => boolean {
  if (trustProxy.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const range = parseRange(entry);
    if (range) list.addSubnet(...range);
  }
  return (address) => {
    if (address === undefined) return false;
    // A dual-stack socket writes IPv4 clients as ::ffff:a.b.c.d.
    const v4 = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : null;
    if (v4) return list.check(v4, 'ipv4');
    return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}
