import { describe, expect, it } from 'vitest';
import { effectiveFaults, inScope, latencyBounds } from './effective-faults.js';
import { parseFaults } from './parse-faults.js';

describe('parseFaults', () => {
  it('accepts every fault, server-wide and per service', () => {
    const faults = {
      latency: { preset: 'realistic' },
      error: { kind: 'hang', on: 'lookup' },
      pageShape: 'changed',
      sessionTimeoutSeconds: 0,
      services: {
        rightToRent: { latency: { minMs: 1, maxMs: 2, on: 'result' } },
        immigrationStatus: { error: { kind: 'http-503' } },
      },
    };
    expect(parseFaults(faults)).toEqual({ ok: true, value: faults });
    expect(parseFaults({})).toEqual({ ok: true, value: {} });
  });

  it('names every problem', () => {
    const result = parseFaults({
      latency: { ms: 1.5 },
      error: { kind: 'http-418' },
      pageShape: 'weird',
      sessionTimeoutSeconds: -1,
      typo: true,
      services: { rightToWork: { latency: { minMs: 5, maxMs: 1 }, services: {} }, elsewhere: {} },
    });
    expect(result.ok ? [] : result.error).toEqual([
      'faults.typo is not a fault; use latency, error, pageShape, sessionTimeoutSeconds, services',
      'faults.latency.ms must be a whole number of milliseconds, 0 or more',
      'faults.error must be { "kind": "problem-page" | "http-500" | "http-503" | "hang" }, optionally with "on"',
      'faults.pageShape must be "changed" (leave it out for the normal pages)',
      'faults.sessionTimeoutSeconds must be a whole number of seconds, 0 or more',
      'faults.services.rightToWork.services is not a fault; use latency, error, pageShape, sessionTimeoutSeconds',
      'faults.services.rightToWork.latency.minMs and .maxMs must be whole milliseconds with minMs <= maxMs',
      'faults.services.elsewhere is not a service; use rightToWork, rightToRent, immigrationStatus',
    ]);
    expect(parseFaults(null).ok).toBe(false);
    expect(parseFaults({ latency: { ms: 1, on: 'sometimes' } }).ok).toBe(false);
  });
});

describe('effectiveFaults', () => {
  it('lets a service override the server-wide faults key by key', () => {
    const faults = {
      pageShape: 'changed' as const,
      error: { kind: 'http-500' as const },
      services: { rightToWork: { error: { kind: 'hang' as const } } },
    };
    expect(effectiveFaults(faults, 'rightToWork')).toEqual({ pageShape: 'changed', error: { kind: 'hang' } });
    expect(effectiveFaults(faults, 'rightToRent')).toEqual({
      pageShape: 'changed',
      error: { kind: 'http-500' },
    });
  });

  it('scopes and bounds', () => {
    expect(inScope(undefined, 'other')).toBe(true);
    expect(inScope('all', 'result')).toBe(true);
    expect(inScope('lookup', 'result')).toBe(false);
    expect(inScope('result', 'result')).toBe(true);
    expect(latencyBounds({ preset: 'realistic' })).toEqual({ minMs: 15_000, maxMs: 40_000 });
    expect(latencyBounds({ ms: 7 })).toEqual({ minMs: 7, maxMs: 7 });
  });
});
