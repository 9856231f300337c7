import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key.js';
import { billingPage } from '../dashboard/billing-page.js';
import {
  CONFIRM_FIELD,
  type ConfirmInput,
  confirmPage,
  revokeKeyConsequences,
  rotateSecretConsequences,
} from '../dashboard/confirm-page.js';
import { parseCookies, serializeCookie } from '../dashboard/cookies.js';
import type { DashboardSession } from '../dashboard/dashboard-ports.js';
import type { DashboardService } from '../dashboard/dashboard-service.js';
import { html } from '../dashboard/html.js';
import { MODE_LABELS, page } from '../dashboard/layout.js';
import { type ModePageInput, modePage } from '../dashboard/mode-page.js';
import {
  type DashboardSessions,
  newToken,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sameToken,
} from '../dashboard/sessions.js';
import { signInPage } from '../dashboard/sign-in-page.js';
import { DASHBOARD_CSS } from '../dashboard/styles.js';
import type { PortalHealthReport } from '../portal/portal-health.js';
import { safeError } from '../safe-error.js';
import type { Webhooks } from '../webhooks/webhooks-service.js';

export interface DashboardRoutesDeps {
  readonly sessions: DashboardSessions;
  readonly service: DashboardService;
  readonly webhooks: Webhooks;
  /** Cookies carry `Secure` on https requests, and always when this is set (behind a TLS proxy). */
  readonly alwaysSecureCookies: boolean;
  readonly log: Logger;
  /** The live portal driver's health, told in words on the live page; absent: no driver. */
  readonly portalHealth?: (() => PortalHealthReport) | undefined;
}

/** The pre-session token of the sign-in form (double-submit: the cookie and the field must match). */
const SIGN_IN_COOKIE = 'rtw_sign_in';
const SIGN_IN_TTL_SECONDS = 60 * 60;
const FORM_LIMIT_BYTES = 16 * 1024;

type Form = Readonly<Record<string, string>>;

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const isMode = (value: unknown): value is KeyMode => value === 'live' || value === 'test';

/**
 * The account dashboard under /dashboard: server-rendered pages, a session cookie (HttpOnly,
 * SameSite=Strict, Secure over https), a synchroniser CSRF token on every form. No scripts.
 */
export function registerDashboardRoutes(app: FastifyInstance, deps: DashboardRoutesDeps): void {
  void app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
        (_request, body, done) => {
          done(
            null,
            Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
          );
        },
      );
      scope.addHook('onSend', async (_request, reply, payload) => {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
        return payload;
      });
      scope.setErrorHandler(async (error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) request.log.error({ err: safeError(error) }, 'dashboard request failed');
        return sendPage(
          reply,
          status >= 500 ? 500 : 400,
          messagePage(
            status >= 500 ? 'Sorry, something went wrong' : 'The form could not be read',
            status >= 500
              ? `Try again. If it keeps happening, tell the operator this request id: ${request.id}.`
              : 'Go back, reload the page and try again.',
          ),
        );
      });
      scope.setNotFoundHandler(async (_request, reply) =>
        sendPage(
          reply,
          404,
          messagePage('Page not found', 'Check the address, or go to the dashboard home page.'),
        ),
      );

      const secure = (request: FastifyRequest) => deps.alwaysSecureCookies || request.protocol === 'https';
      const formOf = (request: FastifyRequest): Form =>
        typeof request.body === 'object' && request.body !== null ? (request.body as Form) : {};
      const sessionOf = async (
        request: FastifyRequest,
      ): Promise<{ readonly token: string; readonly session: DashboardSession } | null> => {
        const token = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
        const session = await deps.sessions.find(token);
        return session && token ? { token, session } : null;
      };

      /** A signed-in POST with a valid CSRF token, or the answer already sent. */
      const guardPost = async (request: FastifyRequest, reply: FastifyReply) => {
        const signedIn = await sessionOf(request);
        if (!signedIn) {
          await reply.redirect('/dashboard/sign-in', 303);
          return null;
        }
        const csrf = formOf(request).csrf ?? '';
        if (!sameToken(csrf, signedIn.session.csrfToken)) {
          await sendPage(
            reply,
            400,
            messagePage('This form has expired', 'Go back, reload the page and try again.'),
          );
          return null;
        }
        return signedIn.session;
      };

      const renderMode = async (
        reply: FastifyReply,
        session: DashboardSession,
        mode: KeyMode,
        extra: Omit<ModePageInput, 'data' | 'csrf'> = {},
        status = 200,
      ) => {
        const data = await deps.service.load(session.accountId, mode);
        if (!data)
          return sendPage(reply, 404, messagePage('Account not found', 'Sign out and sign in again.'));
        const code = extra.errors && extra.errors.length > 0 ? 400 : status;
        const portalHealth = mode === 'live' ? (deps.portalHealth?.() ?? null) : null;
        return sendPage(reply, code, modePage({ data, csrf: session.csrfToken, portalHealth, ...extra }));
      };

      scope.get('/assets/dashboard.css', async (_request, reply) =>
        reply
          .type('text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(DASHBOARD_CSS),
      );

      scope.get('/', async (request, reply) =>
        reply.redirect((await sessionOf(request)) ? '/dashboard/live' : '/dashboard/sign-in', 303),
      );

      scope.get('/sign-in', async (request, reply) => {
        if (await sessionOf(request)) return reply.redirect('/dashboard/live', 303);
        const pre = newToken();
        reply.header(
          'set-cookie',
          serializeCookie(SIGN_IN_COOKIE, pre, {
            secure: secure(request),
            maxAge: SIGN_IN_TTL_SECONDS,
            path: '/dashboard',
          }),
        );
        const signedOut = (request.query as Record<string, unknown>)['signed-out'] !== undefined;
        return sendPage(reply, 200, signInPage({ csrf: pre, signedOut }));
      });

      scope.post('/sign-in', async (request, reply) => {
        const form = formOf(request);
        const pre = parseCookies(request.headers.cookie).get(SIGN_IN_COOKIE) ?? '';
        const email = (form.email ?? '').trim();
        const retry = (errors: { field: string; message: string }[], status: number) => {
          const fresh = newToken();
          reply.header(
            'set-cookie',
            serializeCookie(SIGN_IN_COOKIE, fresh, {
              secure: secure(request),
              maxAge: SIGN_IN_TTL_SECONDS,
              path: '/dashboard',
            }),
          );
          return sendPage(reply, status, signInPage({ csrf: fresh, email, errors }));
        };
        if (pre === '' || !sameToken(form.csrf ?? '', pre)) {
          return retry([{ field: 'email', message: 'The sign-in form had expired: sign in again.' }], 400);
        }
        const errors = [];
        if (email === '') errors.push({ field: 'email', message: 'Enter your e-mail address' });
        if ((form.password ?? '') === '') errors.push({ field: 'password', message: 'Enter your password' });
        if (errors.length > 0) return retry(errors, 400);
        const signedIn = await deps.sessions.signIn(email, form.password ?? '', request.ip);
        if (!signedIn.ok) {
          const { message, retryAfterSeconds } = signedIn.error;
          if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
          return retry([{ field: 'email', message }], retryAfterSeconds === null ? 400 : 429);
        }
        reply.header('set-cookie', [
          serializeCookie(SESSION_COOKIE, signedIn.value.token, {
            secure: secure(request),
            maxAge: SESSION_TTL_MS / 1000,
            path: '/dashboard',
          }),
          serializeCookie(SIGN_IN_COOKIE, '', { secure: secure(request), maxAge: 0, path: '/dashboard' }),
        ]);
        // Live first, as the tabs are: the owner's real work (decisions.md, "First-day fixes").
        return reply.redirect('/dashboard/live', 303);
      });

      scope.post('/sign-out', async (request, reply) => {
        const signedIn = await sessionOf(request);
        if (signedIn && sameToken(formOf(request).csrf ?? '', signedIn.session.csrfToken)) {
          await deps.sessions.signOut(signedIn.token);
        } else if (signedIn) {
          return sendPage(
            reply,
            400,
            messagePage('This form has expired', 'Go back, reload the page and try again.'),
          );
        }
        reply.header(
          'set-cookie',
          serializeCookie(SESSION_COOKIE, '', { secure: secure(request), maxAge: 0, path: '/dashboard' }),
        );
        return reply.redirect('/dashboard/sign-in?signed-out', 303);
      });

      scope.get('/billing', async (request, reply) => {
        const signedIn = await sessionOf(request);
        if (!signedIn) return reply.redirect('/dashboard/sign-in', 303);
        const data = await deps.service.load(signedIn.session.accountId, 'live');
        if (!data) return reply.redirect('/dashboard/sign-in', 303);
        return sendPage(
          reply,
          200,
          billingPage({ account: data.account, usage: data.usage, csrf: signedIn.session.csrfToken }),
        );
      });

      scope.get<{ Params: { mode: string } }>('/:mode', async (request, reply) => {
        if (!isMode(request.params.mode)) return reply.callNotFound();
        const signedIn = await sessionOf(request);
        if (!signedIn) return reply.redirect('/dashboard/sign-in', 303);
        return renderMode(reply, signedIn.session, request.params.mode);
      });

      /** POST /dashboard/:mode/<action>: signed in, CSRF-checked, then `act`. */
      const action = (
        path: string,
        act: (input: {
          session: DashboardSession;
          mode: KeyMode;
          form: Form;
          id: string;
          reply: FastifyReply;
        }) => Promise<unknown>,
      ) => {
        scope.post<{ Params: { mode: string; id?: string } }>(`/:mode${path}`, async (request, reply) => {
          const { mode } = request.params;
          if (!isMode(mode)) return reply.callNotFound();
          const session = await guardPost(request, reply);
          if (!session) return reply;
          return act({ session, mode, form: formOf(request), id: request.params.id ?? '', reply });
        });
      };

      action('/callback-url', async ({ session, mode, form, reply }) => {
        const clear = form.action === 'clear';
        const raw = (form.url ?? '').trim();
        if (!clear && raw === '') {
          return renderMode(reply, session, mode, {
            errors: [{ field: 'callback-url', message: 'Enter a callback URL, or use Remove URL' }],
          });
        }
        const saved = await deps.service.setDefaultUrl(session.accountId, mode, clear ? null : raw);
        if (!saved.ok) {
          return renderMode(reply, session, mode, {
            urlInput: raw,
            errors: [{ field: 'callback-url', message: saved.error }],
          });
        }
        return renderMode(reply, session, mode, {
          notice: clear ? 'Default callback URL removed.' : 'Default callback URL saved.',
        });
      });

      action('/secret/reveal', async ({ session, mode, reply }) =>
        renderMode(reply, session, mode, {
          revealedSecret: await deps.webhooks.secret(session.accountId, mode),
        }),
      );

      /** The confirmation step (confirm-page.ts), for the owner's account and this page's mode. */
      const confirmFirst = async (
        reply: FastifyReply,
        session: DashboardSession,
        input: Omit<ConfirmInput, 'email' | 'csrf'>,
      ) => {
        const data = await deps.service.load(session.accountId, input.mode);
        if (!data)
          return sendPage(reply, 404, messagePage('Account not found', 'Sign out and sign in again.'));
        return sendPage(
          reply,
          200,
          confirmPage({ ...input, email: data.account.email, csrf: session.csrfToken }),
        );
      };

      action('/secret/rotate', async ({ session, mode, form, reply }) => {
        if (form[CONFIRM_FIELD] !== 'yes') {
          return confirmFirst(reply, session, {
            mode,
            title: `Rotate the ${MODE_LABELS[mode].toLowerCase()} signing secret?`,
            consequences: rotateSecretConsequences(mode),
            action: `/dashboard/${mode}/secret/rotate`,
            confirmLabel: 'Yes, rotate the secret',
          });
        }
        return renderMode(reply, session, mode, {
          rotatedSecret: await deps.webhooks.rotateSecret(session.accountId, mode),
        });
      });

      action('/test-event', async ({ session, mode, form, reply }) => {
        const typed = (form.url ?? '').trim();
        const sent = await deps.webhooks.sendTestEvent(session.accountId, mode, typed === '' ? null : typed);
        if (!sent.ok) {
          return renderMode(reply, session, mode, {
            testUrlInput: typed,
            errors: [{ field: 'test-url', message: sent.error }],
          });
        }
        return renderMode(reply, session, mode, { testResult: sent.value });
      });

      action('/deliveries/:id/resend', async ({ session, mode, id, reply }) => {
        const resent = await deps.webhooks.resend(session.accountId, mode, id);
        if (!resent.ok) {
          return renderMode(reply, session, mode, {
            errors: [{ field: 'deliveries', message: resent.error }],
          });
        }
        return renderMode(reply, session, mode, {
          notice: `Resending the ${resent.value.type} event of ${resent.value.checkId}: a new series of attempts has started.`,
        });
      });

      action('/keys', async ({ session, mode, reply }) => {
        const created = await deps.service.createKey(session.accountId, mode);
        if (!created.ok)
          return renderMode(reply, session, mode, {
            errors: [{ field: 'api-keys', message: created.error }],
          });
        return renderMode(reply, session, mode, { newKey: created.value });
      });

      action('/keys/:id/revoke', async ({ session, mode, id, form, reply }) => {
        if (form[CONFIRM_FIELD] !== 'yes') {
          const key = (await deps.service.load(session.accountId, mode))?.keys.find(
            (k) => k.id === id && k.revokedAt === null,
          );
          if (!key) {
            return renderMode(reply, session, mode, {
              errors: [
                {
                  field: 'api-keys',
                  message: 'That key is not an active key of this account for this mode.',
                },
              ],
            });
          }
          return confirmFirst(reply, session, {
            mode,
            title: `Revoke key ${key.prefix}?`,
            consequences: revokeKeyConsequences(key.prefix),
            action: `/dashboard/${mode}/keys/${key.id}/revoke`,
            confirmLabel: 'Yes, revoke this key',
          });
        }
        const revoked = await deps.service.revokeKey(session.accountId, mode, id);
        if (!revoked.ok)
          return renderMode(reply, session, mode, {
            errors: [{ field: 'api-keys', message: revoked.error }],
          });
        return renderMode(reply, session, mode, {
          notice: `Key ${revoked.value.prefix} revoked: it no longer works.`,
        });
      });
    },
    { prefix: '/dashboard' },
  );
}

function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

function messagePage(title: string, text: string): string {
  return page({
    title,
    body: html`<h1>${title}</h1><p>${text}</p><p><a href="/dashboard">Go to the dashboard</a></p>`,
  });
}
