import { describe, expect, it } from 'vitest';
import type { RateLimitRepo } from '../accounts/ports.js';
import {
  APPLICANT_CLIENT_LIMIT,
  APPLICANT_LINK_LIMIT,
  createApplicantThrottle,
} from './applicant-throttle.js';

function memoryRepo(): RateLimitRepo & { keys: () => string[] } {
  const counts = new Map<string, number>();
  const add = async (key: string, start: number, _seconds: number, by: number) => {
    const id = `${key}@${start}`;
    const next = (counts.get(id) ?? 0) + by;
    counts.set(id, next);
    return next;
  };
  return { hit: (key, start, seconds) => add(key, start, seconds, 1), add, keys: () => [...counts.keys()] };
}

const AT = new Date('2026-11-28T10:00:00Z');
const post = (tokenHash: string, client = '203.0.113.7') => ({ tokenHash, client });

describe('createApplicantThrottle', () => {
  it('lets 10 posts to one link through in 10 minutes, then holds the link until the window ends', async () => {
    const throttle = createApplicantThrottle(memoryRepo());
    for (let i = 0; i < APPLICANT_LINK_LIMIT.posts; i += 1) {
      expect(await throttle(post('link-a', `198.51.100.${i}`), AT)).toEqual({ allowed: true });
    }
    expect(await throttle(post('link-a', '192.0.2.1'), new Date(AT.getTime() + 60_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 540,
    });
    // Another link from the same client is not held by it.
    expect(await throttle(post('link-b', '192.0.2.1'), AT)).toEqual({ allowed: true });
    // The next window starts afresh.
    expect(await throttle(post('link-a'), new Date(AT.getTime() + 600_000))).toEqual({ allowed: true });
  });

  it('holds one client address after 30 posts to any links', async () => {
    const throttle = createApplicantThrottle(memoryRepo());
    for (let i = 0; i < APPLICANT_CLIENT_LIMIT.posts; i += 1) {
      expect((await throttle(post(`link-${i}`), AT)).allowed).toBe(true);
    }
    expect(await throttle(post('link-new'), AT)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect((await throttle(post('link-new', '192.0.2.99'), AT)).allowed).toBe(true);
  });

  it('stores neither the token hash nor the address as they are', async () => {
    const repo = memoryRepo();
    await createApplicantThrottle(repo)(post('f'.repeat(64), '203.0.113.7'), AT);
    const keys = repo.keys().join(' ');
    expect(keys).not.toContain('f'.repeat(16));
    expect(keys).not.toContain('203.0.113.7');
    expect(repo.keys()).toHaveLength(2);
  });
});
