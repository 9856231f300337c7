import type { FastifyInstance } from 'fastify';
import { actionRoutes } from './dashboard/action-route.js';
import { registerCheckRequestActions } from './dashboard/check-request-actions.js';
import type { DashboardRoutesDeps } from './dashboard/dashboard-deps.js';
import { registerKeyActions } from './dashboard/key-actions.js';
import { createModePages } from './dashboard/mode-pages.js';
import { registerPageRoutes } from './dashboard/page-routes.js';
import { createRequestSession } from './dashboard/request-session.js';
import { setUpDashboardScope } from './dashboard/scope-setup.js';
import { registerSignInRoutes } from './dashboard/sign-in-routes.js';
import { registerWebhookActions } from './dashboard/webhook-actions.js';

export type { DashboardRoutesDeps } from './dashboard/dashboard-deps.js';

/**
 * The account dashboard under /dashboard: server-rendered pages, a session cookie (HttpOnly,
 * SameSite=Strict, Secure over https), a synchroniser CSRF token on every form. No scripts.
 */
export function registerDashboardRoutes(app: FastifyInstance, deps: DashboardRoutesDeps): void {
  void app.register(
    async (scope) => {
      setUpDashboardScope(scope);
      const request = createRequestSession(deps.sessions, deps.alwaysSecureCookies);
      const pages = createModePages(deps);
      registerPageRoutes(scope, deps.service, request, pages);
      registerSignInRoutes(scope, deps.sessions, request);
      const action = actionRoutes(scope, request);
      registerWebhookActions(action, deps.service, deps.webhooks, pages);
      registerKeyActions(action, deps.service, pages);
      registerCheckRequestActions(action, deps.service, pages);
    },
    { prefix: '/dashboard' },
  );
}
