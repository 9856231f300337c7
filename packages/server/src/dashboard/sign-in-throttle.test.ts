import { describe, expect, it } from 'vitest';
import type { RateLimitRepo } from '../accounts/ports.js';
import { createMemoryRateLimitRepo } from '../store/memory-rate-limit-repo.js';
import {
  createSignInThrottle,
  SIGN_IN_ATTEMPTS_PER_ADDRESS,
  SIGN_IN_ATTEMPTS_PER_CLIENT,
  SIGN_IN_WINDOW_SECONDS,
} from './sign-in-throttle.js';

// 10:03:20 UTC: 200 s into a 15-minute window.
const AT = new Date('2026-11-21T10:03:20Z');
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

describe('sign-in throttle', () => {
  it('allows an address 10 attempts a window, then refuses until the window ends', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ADDRESS; i++) {
      expect(await throttle('owner@example.com', '10.0.0.1', AT)).toEqual({ allowed: true });
    }
    // Case and spaces do not make a new address; another client does not either.
    expect(await throttle(' Owner@Example.COM ', '10.0.0.2', later(30))).toEqual({
      allowed: false,
      retryAfterSeconds: SIGN_IN_WINDOW_SECONDS - 230,
    });
    expect(await throttle('other@example.com', '10.0.0.1', later(30))).toEqual({ allowed: true });
    // The next window starts afresh.
    expect(await throttle('owner@example.com', '10.0.0.1', later(SIGN_IN_WINDOW_SECONDS - 200))).toEqual({
      allowed: true,
    });
  });

  it('caps one client across addresses', async () => {
    const throttle = createSignInThrottle(createMemoryRateLimitRepo());
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_CLIENT; i++) {
      expect((await throttle(`guess${i}@example.com`, '192.0.2.7', AT)).allowed).toBe(true);
    }
    expect(await throttle('fresh@example.com', '192.0.2.7', AT)).toMatchObject({ allowed: false });
    expect(await throttle('fresh@example.com', '192.0.2.8', AT)).toEqual({ allowed: true });
  });

  it('never hands the e-mail address to the store', async () => {
    const keys: string[] = [];
    const recording: RateLimitRepo = {
      async hit(keyId) {
        keys.push(keyId);
        return 1;
      },
    };
    await createSignInThrottle(recording)('owner@example.com', '10.0.0.1', AT);
    expect(keys).toHaveLength(2);
    expect(keys.join(' ')).not.toMatch(/owner|example/);
    expect(keys).toContain('sign-in:client:10.0.0.1');
  });
});
