import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRequestSession } from '../http/dashboard/request-session.js';
import { readCookie, serializeCookie } from './cookies.js';
import type { DashboardSessions } from './sessions.js';

describe('dashboard cookies', () => {
  it('are __Host- prefixed, Secure and Path=/ over https; plain on their path over http', () => {
    expect(serializeCookie('rtw_session', 'v', { secure: true, maxAge: 60, path: '/dashboard' })).toBe(
      '__Host-rtw_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure',
    );
    expect(serializeCookie('rtw_session', 'v', { secure: false, maxAge: 60, path: '/dashboard' })).toBe(
      'rtw_session=v; Path=/dashboard; Max-Age=60; HttpOnly; SameSite=Strict',
    );
    const header = 'rtw_session=plain; __Host-rtw_session=secure';
    expect(readCookie(header, 'rtw_session', true)).toBe('secure');
    expect(readCookie(header, 'rtw_session', false)).toBe('plain');
  });

  it('are secure for https requests, and for every request with RTW_DASHBOARD_SECURE_COOKIES', () => {
    const sessions = {} as DashboardSessions;
    const http = { protocol: 'http' } as FastifyRequest;
    const https = { protocol: 'https' } as FastifyRequest;
    const byRequest = createRequestSession(sessions, false);
    expect(byRequest.secure(http)).toBe(false);
    expect(byRequest.secure(https)).toBe(true);
    const always = createRequestSession(sessions, true);
    expect(always.secure(http)).toBe(true);
  });
});
