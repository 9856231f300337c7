import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../database-unavailable.js';
import { safeError } from '../../safe-error.js';
import { registerFormParser } from '../form-parser.js';
import { messagePage, sendPage } from './page-reply.js';

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * What every dashboard route shares: small urlencoded forms, strict security headers (no scripts,
 * no framing), and errors and unknown paths answered as pages rather than JSON.
 */
export function setUpDashboardScope(scope: FastifyInstance): void {
  registerFormParser(scope);
  scope.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });
  scope.setErrorHandler(async (error, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: safeError(error) }, 'dashboard request: the database cannot be reached');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return sendPage(
        reply,
        503,
        messagePage(
          'The dashboard is unavailable for a moment',
          'The service cannot reach its database just now: wait a few seconds, then reload the page. If you had just sent a form, check on the reloaded page whether the change was made.',
        ),
      );
    }
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
}
