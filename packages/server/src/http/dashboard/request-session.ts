import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyMode } from '../../accounts/api-key.js';
import { readCookie } from '../../dashboard/cookies.js';
import type { DashboardSession } from '../../dashboard/dashboard-ports.js';
import { type DashboardSessions, SESSION_COOKIE, sameToken } from '../../dashboard/sessions.js';
import { sendExpiredForm } from './page-reply.js';

export type Form = Readonly<Record<string, string>>;

export interface SignedIn {
  readonly token: string;
  readonly session: DashboardSession;
}

export const isMode = (value: unknown): value is KeyMode => value === 'live' || value === 'test';

/** What a dashboard request carries: its form, its session cookie, and whether it came over TLS. */
export interface RequestSession {
  secure(request: FastifyRequest): boolean;
  formOf(request: FastifyRequest): Form;
  sessionOf(request: FastifyRequest): Promise<SignedIn | null>;
  /** A signed-in POST with a valid CSRF token, or null with the answer already sent. */
  guardPost(request: FastifyRequest, reply: FastifyReply): Promise<DashboardSession | null>;
}

export function createRequestSession(
  sessions: DashboardSessions,
  alwaysSecureCookies: boolean,
): RequestSession {
  const formOf = (request: FastifyRequest): Form =>
    typeof request.body === 'object' && request.body !== null ? (request.body as Form) : {};
  // Over https (directly, or through a trusted proxy: request.protocol follows RTW_TRUST_PROXY).
  const secure = (request: FastifyRequest): boolean => alwaysSecureCookies || request.protocol === 'https';
  const sessionOf = async (request: FastifyRequest): Promise<SignedIn | null> => {
    const token = readCookie(request.headers.cookie, SESSION_COOKIE, secure(request));
    const session = await sessions.find(token);
    return session && token ? { token, session } : null;
  };
  return {
    secure,
    formOf,
    sessionOf,
    async guardPost(request, reply) {
      const signedIn = await sessionOf(request);
      if (!signedIn) {
        await reply.redirect('/dashboard/sign-in', 303);
        return null;
      }
      const csrf = formOf(request).csrf ?? '';
      if (!sameToken(csrf, signedIn.session.csrfToken)) {
        await sendExpiredForm(reply);
        return null;
      }
      return signedIn.session;
    },
  };
}
