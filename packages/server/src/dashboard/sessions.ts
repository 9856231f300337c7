import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fail, type Outcome, ok } from '@sharecode/core';
import type { DashboardRepo, DashboardSession } from './dashboard-ports.js';
import type { DeviceCookies } from './device-cookie.js';
import { DEFAULT_PASSWORD_COST, decoyHash, verifyPassword } from './password.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export const SESSION_COOKIE = 'rtw_session';
/** Sessions end 12 hours after sign-in, whatever happens in between. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

export const newToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time comparison of two tokens (a CSRF field against the session's). */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why a sign-in was refused; `retryAfterSeconds` when it was one attempt too many (HTTP 429). */
export interface SignInRefusal {
  readonly message: string;
  readonly retryAfterSeconds: number | null;
}

/** Where a sign-in comes from: the client's address and the browser's device cookie, if any. */
export interface SignInClient {
  readonly address: string;
  readonly deviceCookie?: string | undefined;
}

export interface SignedInSession {
  readonly token: string;
  readonly session: DashboardSession;
  /** A fresh device cookie for the browser (see device-cookie.ts). */
  readonly deviceCookie: string;
}

export interface DashboardSessions {
  /**
   * Checks the e-mail address and password from `client`; a new session, its cookie token and a
   * device cookie on success.
   */
  signIn(
    email: string,
    password: string,
    client: SignInClient,
  ): Promise<Outcome<SignedInSession, SignInRefusal>>;
  find(token: string | undefined): Promise<DashboardSession | null>;
  signOut(token: string): Promise<void>;
}

const WRONG: SignInRefusal = {
  message: 'The e-mail address or password is not right. Check them and try again.',
  retryAfterSeconds: null,
};

function tooMany(retryAfterSeconds: number): SignInRefusal {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    message: `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? '' : 's'}, then try again. If you have forgotten the password, ask your administrator to set a new one.`,
    retryAfterSeconds,
  };
}

export function createDashboardSessions(
  repo: DashboardRepo,
  throttle: SignInThrottle,
  devices: DeviceCookies,
  clock: () => Date,
  passwordCost = DEFAULT_PASSWORD_COST,
): DashboardSessions {
  return {
    async signIn(email, password, client) {
      const candidates = await repo.signInCandidates(email.trim());
      // A browser that signed in to one of this address's accounts before is let through a lockout.
      const device = devices.read(client.deviceCookie, clock());
      const known = device && candidates.some((c) => c.accountId === device.accountId) ? device : null;
      const allowance = await throttle(
        { email, client: client.address, device: known?.deviceId ?? null },
        clock(),
      );
      if (!allowance.allowed) return fail(tooMany(allowance.retryAfterSeconds));
      let accountId: string | null = null;
      for (const candidate of candidates) {
        if (await verifyPassword(password, candidate.passwordHash)) {
          accountId = candidate.accountId;
          break;
        }
      }
      // An unknown address costs a hash too, so timing does not tell which addresses have accounts.
      if (candidates.length === 0) await verifyPassword(password, await decoyHash(passwordCost));
      await allowance.settle(accountId !== null);
      if (accountId === null) return fail(WRONG);
      const now = clock();
      const token = newToken();
      const session: DashboardSession = {
        accountId,
        csrfToken: newToken(),
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      };
      await repo.createSession(hashToken(token), session, now);
      return ok({ token, session, deviceCookie: devices.issue(accountId, now) });
    },
    async find(token) {
      if (token === undefined || !TOKEN.test(token)) return null;
      return repo.findSession(hashToken(token), clock());
    },
    async signOut(token) {
      if (TOKEN.test(token)) await repo.deleteSession(hashToken(token));
    },
  };
}
