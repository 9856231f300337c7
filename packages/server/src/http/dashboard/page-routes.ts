import type { FastifyInstance } from 'fastify';
import { billingPage } from '../../dashboard/billing-page.js';
import type { DashboardService } from '../../dashboard/dashboard-service.js';
import { DASHBOARD_CSS } from '../../dashboard/styles.js';
import type { ModePages } from './mode-pages.js';
import { sendPage } from './page-reply.js';
import { isMode, type RequestSession } from './request-session.js';

/** The GET pages: the style sheet, the home redirect, billing, and each mode's page. */
export function registerPageRoutes(
  scope: FastifyInstance,
  service: DashboardService,
  request: RequestSession,
  pages: ModePages,
): void {
  const { sessionOf } = request;
  scope.get('/assets/dashboard.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DASHBOARD_CSS),
  );

  scope.get('/', async (req, reply) =>
    reply.redirect((await sessionOf(req)) ? '/dashboard/live' : '/dashboard/sign-in', 303),
  );

  scope.get('/billing', async (req, reply) => {
    const signedIn = await sessionOf(req);
    if (!signedIn) return reply.redirect('/dashboard/sign-in', 303);
    const data = await service.load(signedIn.session.accountId, 'live');
    if (!data) return reply.redirect('/dashboard/sign-in', 303);
    return sendPage(
      reply,
      200,
      billingPage({ account: data.account, usage: data.usage, csrf: signedIn.session.csrfToken }),
    );
  });

  scope.get<{ Params: { mode: string } }>('/:mode', async (req, reply) => {
    if (!isMode(req.params.mode)) return reply.callNotFound();
    const signedIn = await sessionOf(req);
    if (!signedIn) return reply.redirect('/dashboard/sign-in', 303);
    return pages.render(reply, signedIn.session, req.params.mode);
  });
}
