import { checkError, fail, ok } from '@sharecode/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Admission } from '../accounts/admit-request.js';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { CapacityHold } from '../checks/live-check-runner.js';
import type { SyncCheckInput } from '../checks/sync-check.js';
import { registerCheckRoutes } from './check-routes.js';

const LIVE = `rtw_live_${'a'.repeat(40)}`;
const TEST = `rtw_test_${'a'.repeat(40)}`;
const KEY: AuthenticatedKey = {
  keyId: 'key_1',
  accountId: 'acc_1',
  mode: 'live',
  plan: 'pro',
  subscriptionStatus: 'active',
};

/** The routes with counting stand-ins for the account work and a slot pool of `free` slots. */
function routes(free: number) {
  const calls = { admit: 0, check: 0, released: 0, holds: 0 };
  let inUse = 0;
  const seen: SyncCheckInput[] = [];
  const app = Fastify();
  registerCheckRoutes(app, {
    admitRequest: async (): Promise<Admission> => {
      calls.admit += 1;
      return { outcome: ok(KEY), usage: null };
    },
    syncCheck: async (input) => {
      calls.check += 1;
      seen.push(input);
      return { outcome: fail(checkError('NOT_FOUND')), usage: null };
    },
    holdLiveSlot: () => {
      if (inUse >= free) return fail(checkError('BUSY', undefined, { retryAfter: 7 }));
      inUse += 1;
      calls.holds += 1;
      let done = false;
      const hold: CapacityHold = {
        release() {
          if (done) return;
          done = true;
          inUse -= 1;
          calls.released += 1;
        },
      };
      return ok(hold);
    },
  });
  const post = (key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/check',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {},
    });
  return { app, calls, seen, post, inUse: () => inUse };
}

describe('check routes: BUSY before any per-account work', () => {
  it('refuses a live key with 503 BUSY and Retry-After without authenticating it or touching its account', async () => {
    const r = routes(0);
    const res = await r.post(LIVE);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toMatchObject({ error: { code: 'BUSY' } });
    expect(r.calls).toEqual({ admit: 0, check: 0, released: 0, holds: 0 });
    await r.app.close();
  });

  it('never asks a sandbox key for a slot', async () => {
    const r = routes(0);
    const res = await r.post(TEST);
    expect(res.statusCode).toBe(404);
    expect(r.calls.admit).toBe(1);
    expect(r.calls.holds).toBe(0);
    await r.app.close();
  });

  it('hands the held slot to the check and gives it back once the answer is sent', async () => {
    const r = routes(1);
    const res = await r.post(LIVE);
    expect(res.statusCode).toBe(404);
    expect(r.calls.admit).toBe(1);
    expect(r.seen[0]?.hold).toBeDefined();
    expect(r.calls.released).toBe(1);
    expect(r.inUse()).toBe(0);
    await r.app.close();
  });
});
