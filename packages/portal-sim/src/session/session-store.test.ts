import { describe, expect, it } from 'vitest';
import { parseCookies, serialiseCookie } from './cookies.js';
import { SessionStore } from './session-store.js';

describe('SessionStore', () => {
  it('keeps a session alive while it is used within the timeout', () => {
    const store = new SessionStore(() => ({ step: 1 }));
    const s = store.create(0);
    expect(store.find(s.id, 1_000, 10).kind).toBe('active');
    expect(store.find(s.id, 10_500, 10).kind).toBe('active');
  });

  it('reports a timed-out session as expired, not missing, and drops its state', () => {
    const store = new SessionStore(() => ({ step: 1 }));
    const s = store.create(0);
    expect(store.find(s.id, 10_000, 10).kind).toBe('expired');
    expect(store.find(s.id, 10_001, 10).kind).toBe('expired');
    expect(store.size).toBe(0);
    expect(store.find('never-issued', 0, 10).kind).toBe('missing');
    expect(store.find(undefined, 0, 10).kind).toBe('missing');
  });

  it('expires at once with a zero timeout', () => {
    const store = new SessionStore(() => ({}));
    const s = store.create(5);
    expect(store.find(s.id, 5, 0).kind).toBe('expired');
  });

  it('issues distinct ids and CSRF tokens', () => {
    const store = new SessionStore(() => ({}));
    const a = store.create(0);
    const b = store.create(0);
    expect(a.id).not.toBe(b.id);
    expect(a.csrf).not.toBe(a.id);
  });
});

describe('cookies', () => {
  it('parses a Cookie header and tolerates junk', () => {
    const c = parseCookies('a=1; b=x%20y; junk; =nope; c=%E0%A4%A');
    expect(c.get('a')).toBe('1');
    expect(c.get('b')).toBe('x y');
    expect(c.get('c')).toBe('%E0%A4%A');
    expect(c.has('junk')).toBe(false);
  });

  it('serialises a scoped, HttpOnly cookie', () => {
    expect(serialiseCookie('sid', 'v', { path: '/right-to-work' })).toBe(
      'sid=v; Path=/right-to-work; SameSite=Lax; HttpOnly',
    );
    expect(serialiseCookie('sid', '', { path: '/', maxAge: 0, httpOnly: false })).toBe(
      'sid=; Path=/; SameSite=Lax; Max-Age=0',
    );
  });
});
