import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../../dashboard/cookies.js';
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from '../../dashboard/device-cookie.js';
import {
  type DashboardSessions,
  newToken,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sameToken,
} from '../../dashboard/sessions.js';
import { signInPage } from '../../dashboard/sign-in-page.js';
import { sendExpiredForm, sendPage } from './page-reply.js';
import type { RequestSession } from './request-session.js';

/** The pre-session token of the sign-in form (double-submit: the cookie and the field must match). */
const SIGN_IN_COOKIE = 'rtw_sign_in';
const SIGN_IN_TTL_SECONDS = 60 * 60;

/** GET and POST /dashboard/sign-in, POST /dashboard/sign-out. */
export function registerSignInRoutes(
  scope: FastifyInstance,
  sessions: DashboardSessions,
  request: RequestSession,
): void {
  const { secure, formOf, sessionOf } = request;
  /** A fresh pre-session token, in the cookie now and for the form's field. */
  const freshSignInToken = (req: FastifyRequest, reply: FastifyReply): string => {
    const token = newToken();
    reply.header(
      'set-cookie',
      serializeCookie(SIGN_IN_COOKIE, token, {
        secure: secure(req),
        maxAge: SIGN_IN_TTL_SECONDS,
        path: '/dashboard',
      }),
    );
    return token;
  };

  scope.get('/sign-in', async (req, reply) => {
    if (await sessionOf(req)) return reply.redirect('/dashboard/live', 303);
    const pre = freshSignInToken(req, reply);
    const signedOut = (req.query as Record<string, unknown>)['signed-out'] !== undefined;
    return sendPage(reply, 200, signInPage({ csrf: pre, signedOut }));
  });

  scope.post('/sign-in', async (req, reply) => {
    const form = formOf(req);
    const pre = readCookie(req.headers.cookie, SIGN_IN_COOKIE, secure(req)) ?? '';
    const email = (form.email ?? '').trim();
    const retry = (errors: { field: string; message: string }[], status: number) =>
      sendPage(reply, status, signInPage({ csrf: freshSignInToken(req, reply), email, errors }));
    if (pre === '' || !sameToken(form.csrf ?? '', pre)) {
      return retry([{ field: 'email', message: 'The sign-in form had expired: sign in again.' }], 400);
    }
    const errors = [];
    if (email === '') errors.push({ field: 'email', message: 'Enter your e-mail address' });
    if ((form.password ?? '') === '') errors.push({ field: 'password', message: 'Enter your password' });
    if (errors.length > 0) return retry(errors, 400);
    const signedIn = await sessions.signIn(email, form.password ?? '', {
      address: req.ip,
      deviceCookie: readCookie(req.headers.cookie, DEVICE_COOKIE, secure(req)),
    });
    if (!signedIn.ok) {
      const { message, retryAfterSeconds } = signedIn.error;
      if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
      return retry([{ field: 'email', message }], retryAfterSeconds === null ? 400 : 429);
    }
    reply.header('set-cookie', [
      serializeCookie(SESSION_COOKIE, signedIn.value.token, {
        secure: secure(req),
        maxAge: SESSION_TTL_MS / 1000,
        path: '/dashboard',
      }),
      serializeCookie(SIGN_IN_COOKIE, '', { secure: secure(req), maxAge: 0, path: '/dashboard' }),
      // Kept across sign-outs: it remembers the browser, not the session.
      serializeCookie(DEVICE_COOKIE, signedIn.value.deviceCookie, {
        secure: secure(req),
        maxAge: DEVICE_TTL_SECONDS,
        path: '/dashboard/sign-in',
      }),
    ]);
    // Live first, as the tabs are: the owner's real work (decisions.md, "First-day fixes").
    return reply.redirect('/dashboard/live', 303);
  });

  scope.post('/sign-out', async (req, reply) => {
    const signedIn = await sessionOf(req);
    if (signedIn && sameToken(formOf(req).csrf ?? '', signedIn.session.csrfToken)) {
      await sessions.signOut(signedIn.token);
    } else if (signedIn) {
      return sendExpiredForm(reply);
    }
    reply.header(
      'set-cookie',
      serializeCookie(SESSION_COOKIE, '', { secure: secure(req), maxAge: 0, path: '/dashboard' }),
    );
    return reply.redirect('/dashboard/sign-in?signed-out', 303);
  });
}
