import { checkError } from '@sharecode/core';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../database-unavailable.js';
import type { PortalHealthReport } from '../health/portal-health.js';
import type { ReadinessReport } from '../health/readiness.js';
import { safeError } from '../safe-error.js';
import { type ApplicantRoutesDeps, registerApplicantRoutes } from './applicant-routes.js';
import { ASYNC_CREATE_ROUTES, type AsyncRoutesDeps, registerAsyncRoutes } from './async-routes.js';
import { type CheckRequestRoutesDeps, registerCheckRequestRoutes } from './check-request-routes.js';
import { type CheckRoutesDeps, registerCheckRoutes, SYNC_CHECK_ROUTES } from './check-routes.js';
import { answerClientError, answerConnect } from './client-error.js';
import { limitConnections } from './connection-limits.js';
import { type DashboardRoutesDeps, registerDashboardRoutes } from './dashboard-routes.js';
import { registerDocsRoute } from './docs-route.js';
import { DEFAULT_EDGE_CONFIG, type EdgeConfig, trustedProxyMatcher } from './edge-config.js';
import { BODY_LIMIT_BYTES, frameworkErrorToCheckError } from './framework-errors.js';
import { HEALTH_PATHS, registerHealthRoutes } from './health-routes.js';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, httpServerOptions } from './http-timeouts.js';
import { registerLandingPage } from './landing-page.js';
import { registerLingeringClose } from './lingering-close.js';
import { registerNotFound } from './not-found.js';
import { registerPortalHealthRoute } from './portal-health-route.js';
import { newRequestId, REQUEST_ID_HEADER } from './request-id.js';
import { sendError } from './send-error.js';
import { registerServiceRoutes } from './service-routes.js';

export interface HttpDeps
  extends CheckRoutesDeps,
    AsyncRoutesDeps,
    Partial<Omit<CheckRequestRoutesDeps, 'admitRequest'>> {
  readonly log: Logger;
  readonly openapiJson: string;
  /** True once shutdown has begun: new requests get 503 BUSY while in-flight ones finish. */
  readonly isClosing: () => boolean;
  /** GET /readyz: database, browser, shutdown. */
  readonly readiness: () => Promise<ReadinessReport>;
  /** The cluster's portal health for GET /healthz/portal. */
  readonly portalHealth?: (() => Promise<PortalHealthReport>) | undefined;
  /** Whether this instance runs live checks (GET /healthz/portal says so). */
  readonly portalDriver?: boolean | undefined;
  /** The account dashboard under /dashboard; absent: no dashboard. */
  readonly dashboard?: DashboardRoutesDeps;
  /** The applicant's link of a check request, GET and POST /r/:token; absent: no such pages. */
  readonly applicant?: ApplicantRoutesDeps | undefined;
  /** How long clients may take to send headers and requests; 30 s each by default. */
  readonly httpTimeouts?: HttpTimeouts | undefined;
  /** Trusted proxies, connection caps, keep-alive, the operator token; the documented defaults when absent. */
  readonly edge?: EdgeConfig | undefined;
  /** Told of every answer sent (the metrics count them by status class, the database away or not). */
  readonly answered?:
    | ((event: { readonly surface: HttpSurface; readonly status: number }) => void)
    | undefined;
}

/** Where an answer came from, for the metrics: a bounded word, never the path itself. */
export type HttpSurface = 'api' | 'health' | 'dashboard' | 'other';

function surfaceOf(url: string): HttpSurface {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/')) return 'api';
  if (path === '/healthz' || path.startsWith('/healthz/') || isHealthPath(path)) return 'health';
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return 'dashboard';
  return 'other';
}

/** The HTTP surface: request ids, error bodies, headers and routes. No SQL, no business rules. */
export function buildHttpApp(deps: HttpDeps): FastifyInstance {
  // Typed as fastify's logger so the instance keeps fastify's default generics.
  const loggerInstance: FastifyBaseLogger = deps.log;
  const timeouts = deps.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS;
  const edge = deps.edge ?? DEFAULT_EDGE_CONFIG;
  const app = Fastify({
    loggerInstance,
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Our own onRequest hook answers 503 BUSY with the error body while closing.
    return503OnClosing: false,
    // Receiving a request (not answering it: a live check may take a minute) must not take forever.
    requestTimeout: timeouts.requestMs,
    http: httpServerOptions(timeouts),
    // request.ip and request.protocol (Secure cookies) come from X-Forwarded-* only through these.
    trustProxy: edge.trustProxy.length > 0 ? [...edge.trustProxy] : false,
    keepAliveTimeout: edge.keepAliveMs,
    // A check id of any length is a check id of the wrong shape (404 CHECK_NOT_FOUND), never a routing error.
    routerOptions: { maxParamLength: 16 * 1024 },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      sendError(reply, frameworkErrorToCheckError(error));
    },
  });

  app.server.on('connect', answerConnect);
  const trusted = trustedProxyMatcher(edge.trustProxy);
  limitConnections(app.server, { ...edge, exempt: trusted });

  // Only JSON bodies: fastify's text/plain parser would let a wrong Content-Type through.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (deps.isClosing() && !isHealthPath(request.url)) {
      reply.header('connection', 'close');
      return sendError(
        reply,
        checkError(
          'BUSY',
          'This server is shutting down: retry after the number of seconds in Retry-After.',
          {
            retryAfter: 1,
          },
        ),
      );
    }
    return undefined;
  });

  registerLingeringClose(app);

  const { answered } = deps;
  if (answered) {
    // Whatever status the answer has (a 503 while the database is away included), it is counted.
    app.addHook('onResponse', async (request, reply) => {
      answered({ surface: surfaceOf(request.url), status: reply.statusCode });
    });
  }

  // Fastify logs "request completed" only for answers sent, and its onRequestAbort only for a client
  // gone before its body arrived: a client gone while its check ran gets this line (the work it
  // started still finishes and is recorded).
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      request.log.info(
        { req: request, elapsedMs: Math.round(reply.elapsedTime) },
        'client disconnected before the answer',
      );
    });
  });

  // A keep-alive connection would hold shutdown open after its in-flight answer: close it instead.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (deps.isClosing()) reply.header('connection', 'close');
    return payload;
  });

  app.setErrorHandler(async (error, request, reply) => {
    const problem = frameworkErrorToCheckError(error);
    if (problem.code === 'INTERNAL') {
      request.log.error({ err: safeError(error) }, 'request failed');
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: safeError(error) }, 'request refused: the database cannot be reached');
    }
    reply.header(REQUEST_ID_HEADER, request.id);
    return sendError(reply, problem);
  });

  const allowed = new Map<string, readonly string[]>([
    ['/', ['GET', 'HEAD']],
    ['/healthz', ['GET', 'HEAD']],
    ['/healthz/portal', ['GET', 'HEAD']],
    ...HEALTH_PATHS.map((path) => [path, ['GET', 'HEAD']] as const),
    ['/openapi.json', ['GET', 'HEAD']],
    ...SYNC_CHECK_ROUTES.map((route) => [route.path, ['POST']] as const),
    ...ASYNC_CREATE_ROUTES.map((route) => [route.path, ['POST']] as const),
  ]);
  registerNotFound(app, allowed);
  registerLandingPage(app, { dashboard: deps.dashboard !== undefined });
  registerServiceRoutes(app, deps);
  registerPortalHealthRoute(app, {
    portalHealth: deps.portalHealth,
    portalDriver: deps.portalDriver,
    operatorToken: edge.operatorToken,
  });
  registerHealthRoutes(app, { readiness: deps.readiness, operatorToken: edge.operatorToken });
  registerDocsRoute(app, deps);
  registerCheckRoutes(app, deps);
  registerAsyncRoutes(app, deps);
  if (deps.checkRequests && deps.usageOf) {
    registerCheckRequestRoutes(app, {
      admitRequest: deps.admitRequest,
      checkRequests: deps.checkRequests,
      publicUrl: deps.publicUrl ?? null,
      usageOf: deps.usageOf,
    });
  }
  if (deps.dashboard) registerDashboardRoutes(app, deps.dashboard);
  if (deps.applicant) registerApplicantRoutes(app, deps.applicant);
  return app;
}

const isHealthPath = (url: string): boolean =>
  (HEALTH_PATHS as readonly string[]).includes(url.split('?')[0] ?? '');
