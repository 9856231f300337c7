import { describe, expect, it } from 'vitest';
import type { RateLimitRepo } from '../accounts/ports.js';
import { createMemoryRateLimitRepo } from '../store/memory-rate-limit-repo.js';
import {
  createSignInThrottle,
  SIGN_IN_ADDRESS_LIMIT,
  SIGN_IN_CLIENT_LIMIT,
  SIGN_IN_DEVICE_LIMIT,
  SIGN_IN_PAIR_LIMITS,
  type SignInAttempt,
  type SignInThrottle,
} from './sign-in-throttle.js';

// 10:03:20 UTC: 20 s into a minute, 200 s into a 15-minute window, 200 s into an hour.
const AT = new Date('2026-11-21T10:03:20Z');
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);
const owner = (client = '10.0.0.1', device: string | null = null): SignInAttempt => ({
  email: 'owner@example.com',
  client,
  device,
});

/** One attempt that ends as told; the allowance (or refusal) it got. */
async function attempt(throttle: SignInThrottle, who: SignInAttempt, at: Date, succeeds = false) {
  const allowance = await throttle(who, at);
  if (allowance.allowed) await allowance.settle(succeeds);
  return allowance.allowed ? { allowed: true } : allowance;
}

describe('sign-in throttle', () => {
  it('counts failures only: a right password gives its attempt back', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    for (let i = 0; i < 50; i++)
      expect(await attempt(throttle, owner(), AT, true)).toEqual({ allowed: true });
    for (let i = 0; i < 4; i++) expect((await attempt(throttle, owner(), AT)).allowed).toBe(true);
    expect((await attempt(throttle, owner(), AT)).allowed).toBe(true);
  });

  it('delays a client guessing one address progressively: a minute, 15 minutes, an hour', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    const [minute, quarter, hour] = SIGN_IN_PAIR_LIMITS;
    for (let i = 0; i < (minute?.failures ?? 0); i++) await attempt(throttle, owner(), AT);
    // 40 s to the end of the minute; refused attempts are not failures and do not prolong it.
    for (let i = 0; i < 3; i++) {
      expect(await attempt(throttle, owner(), AT)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    }
    // Case and spaces make no new address; another client and another address are not held.
    expect((await attempt(throttle, { ...owner(), email: ' Owner@Example.COM ' }, AT)).allowed).toBe(false);
    expect((await attempt(throttle, owner('10.0.0.2'), AT)).allowed).toBe(true);
    expect((await attempt(throttle, { ...owner(), email: 'other@example.com' }, AT)).allowed).toBe(true);
    // The next minute allows five more, then the 15-minute window holds it to its end (700 s).
    for (let i = 0; i < (quarter?.failures ?? 0) - (minute?.failures ?? 0); i++) {
      expect((await attempt(throttle, owner(), later(60))).allowed).toBe(true);
    }
    expect(await attempt(throttle, owner(), later(120))).toEqual({ allowed: false, retryAfterSeconds: 580 });
    // After the quarter, ten more, then the hour's window holds it.
    for (let i = 0; i < (hour?.failures ?? 0) - (quarter?.failures ?? 0); i++) {
      expect((await attempt(throttle, owner(), later(700 + 60 * Math.floor(i / 5)))).allowed).toBe(true);
    }
    expect(await attempt(throttle, owner(), later(1000))).toEqual({
      allowed: false,
      retryAfterSeconds: 2400,
    });
    // Once the hour is over, the right password gets in.
    expect(await attempt(throttle, owner(), later(3400), true)).toEqual({ allowed: true });
  });

  it('locks an address guessed from many clients, but never a browser that signed in before', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.failures; i++) {
      expect((await attempt(throttle, owner(`198.51.100.${i}`), AT)).allowed).toBe(true);
    }
    expect(await attempt(throttle, owner('203.0.113.9'), AT)).toEqual({
      allowed: false,
      retryAfterSeconds: 700,
    });
    // The owner's known browser, even from an address the guesser used, is let through.
    expect(await attempt(throttle, owner('198.51.100.1', 'device-1'), AT, true)).toEqual({ allowed: true });
    // It has its own limit: a stolen device cookie guesses no faster.
    for (let i = 0; i < SIGN_IN_DEVICE_LIMIT.failures; i++) {
      expect((await attempt(throttle, owner('10.0.0.1', 'device-2'), AT)).allowed).toBe(true);
    }
    expect((await attempt(throttle, owner('10.0.0.1', 'device-2'), AT)).allowed).toBe(false);
    expect((await attempt(throttle, owner('10.0.0.1', 'device-1'), AT)).allowed).toBe(true);
  });

  it('caps one client across addresses', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    for (let i = 0; i < SIGN_IN_CLIENT_LIMIT.failures; i++) {
      const who = { email: `guess${i}@example.com`, client: '192.0.2.7', device: null };
      expect((await attempt(throttle, who, AT)).allowed).toBe(true);
    }
    const fresh = { email: 'fresh@example.com', client: '192.0.2.7', device: null };
    expect(await attempt(throttle, fresh, AT)).toMatchObject({ allowed: false });
    expect(await attempt(throttle, { ...fresh, client: '192.0.2.8' }, AT)).toEqual({ allowed: true });
  });

  it('reserves before the password is checked, so parallel guesses cannot slip past', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    const first = SIGN_IN_PAIR_LIMITS[0]?.failures ?? 0;
    const all = await Promise.all(Array.from({ length: 30 }, () => throttle(owner(), AT)));
    expect(all.filter((a) => a.allowed)).toHaveLength(first);
  });

  it('never hands the e-mail address to the store', async () => {
    const keys: string[] = [];
    const recording: RateLimitRepo = {
      async hit(keyId) {
        keys.push(keyId);
        return 1;
      },
      async add(keyId) {
        keys.push(keyId);
        return 1;
      },
    };
    await attempt(createSignInThrottle(recording), owner(), AT);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toMatch(/owner|example/);
    expect(keys).toContain('sign-in:client:10.0.0.1');
  });
});
