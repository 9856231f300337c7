import { describe, expect, it } from 'vitest';
import { DEFAULT_EDGE_CONFIG, loadEdgeConfig, trustedProxyMatcher } from './edge-config.js';

describe('loadEdgeConfig', () => {
  it('has the documented defaults', () => {
    expect(loadEdgeConfig({}, {})).toEqual({ ok: true, value: DEFAULT_EDGE_CONFIG });
    expect(DEFAULT_EDGE_CONFIG).toEqual({
      trustProxy: [],
      maxConnections: 2048,
      maxConnectionsPerClient: 128,
      keepAliveMs: 5_000,
      operatorToken: null,
    });
  });

  it('reads every setting, flags winning over the environment', () => {
    const token = 'x'.repeat(40);
    const loaded = loadEdgeConfig(
      { maxConnections: '500', keepAliveSeconds: 2.5 },
      {
        RTW_TRUST_PROXY: '10.0.0.0/8, ::1 ,loopback',
        RTW_MAX_CONNECTIONS: '100',
        RTW_MAX_CONNECTIONS_PER_CLIENT: '16',
        RTW_KEEP_ALIVE_SECONDS: '9',
        RTW_OPERATOR_TOKEN: token,
      },
    );
    expect(loaded).toEqual({
      ok: true,
      value: {
        trustProxy: ['10.0.0.0/8', '::1', 'loopback'],
        maxConnections: 500,
        maxConnectionsPerClient: 16,
        keepAliveMs: 2_500,
        operatorToken: token,
      },
    });
  });

  it('names every bad setting', () => {
    const loaded = loadEdgeConfig(
      {},
      {
        RTW_TRUST_PROXY: 'true, 10.0.0.0/33, proxy.example.com',
        RTW_MAX_CONNECTIONS: '0',
        RTW_MAX_CONNECTIONS_PER_CLIENT: 'many',
        RTW_KEEP_ALIVE_SECONDS: '-1',
        RTW_OPERATOR_TOKEN: 'short',
      },
    );
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const text = loaded.error.join('\n');
    for (const name of [
      'RTW_TRUST_PROXY',
      'RTW_MAX_CONNECTIONS ',
      'RTW_MAX_CONNECTIONS_PER_CLIENT',
      'RTW_KEEP_ALIVE_SECONDS',
      'RTW_OPERATOR_TOKEN',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toContain('true, 10.0.0.0/33, proxy.example.com');
  });
});

describe('trustedProxyMatcher', () => {
  it('matches addresses, CIDRs and named ranges, IPv4 clients of a dual-stack socket included', () => {
    const trusted = trustedProxyMatcher(['10.0.0.0/8', '2001:db8::1', 'loopback']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('2001:db8::1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('11.0.0.1')).toBe(false);
    expect(trusted('2001:db8::2')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(trustedProxyMatcher([])('127.0.0.1')).toBe(false);
  });
});
