import { applicantFormInput, isApplicantToken, sessionTimedOutPhase } from '@sharecode/core/check-requests';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicantThrottle } from '../applicant-page/applicant-throttle.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database-unavailable.js';
import type { ApplicantService } from '../requests/applicant-service.js';
import { tokenHashOf } from '../requests/request-token.js';
import { safeError } from '../safe-error.js';
import { type ApplicantReplier, type ApplicantReplyDeps, createApplicantReplier } from './applicant-reply.js';
import { registerFormParser } from './form-parser.js';

export interface ApplicantRoutesDeps extends ApplicantReplyDeps {
  readonly service: Pick<ApplicantService, 'openByToken' | 'submitByToken'>;
  readonly throttle: ApplicantThrottle;
  readonly clock: () => Date;
}

type LinkRequest = FastifyRequest<{ Params: { token: string } }>;

type LinkAnswer = (
  deps: ApplicantRoutesDeps,
  page: ApplicantReplier,
  request: LinkRequest,
  reply: FastifyReply,
  token: string,
) => Promise<unknown>;

/** A route of the link: a token of another shape is not found before anything is looked up or throttled. */
function linkRoute(answer: LinkAnswer) {
  return async (
    deps: ApplicantRoutesDeps,
    page: ApplicantReplier,
    request: LinkRequest,
    reply: FastifyReply,
  ) => {
    const { token } = request.params;
    if (!isApplicantToken(token)) return page.sendView(reply, { page: 'not_found' });
    return answer(deps, page, request, reply, token);
  };
}

const answerGet = linkRoute(async (deps, page, request, reply, token) => {
  // Fastify answers HEAD with this handler: a HEAD must change nothing.
  const answer = await deps.service.openByToken(token, deps.clock(), { peek: request.method === 'HEAD' });
  return page.send(request, reply, { token, tokenHash: tokenHashOf(token) }, answer.phase);
});

const answerPost = linkRoute(async (deps, page, request, reply, token) => {
  const now = deps.clock();
  const link = { token, tokenHash: tokenHashOf(token) };
  const allowance = await deps.throttle({ tokenHash: link.tokenHash, client: request.ip }, now);
  if (!allowance.allowed) {
    return page.sendView(reply, { page: 'too_many', retryAfterSeconds: allowance.retryAfterSeconds });
  }
  const { csrf, ...form } = applicantFormInput(request.body);
  if (!deps.csrf.verify(page.nonceOf(request), link.tokenHash, csrf)) {
    // The form again, with a new nonce.
    const { phase } = await deps.service.openByToken(token, now);
    return page.send(request, reply, link, sessionTimedOutPhase(phase), { freshNonce: true });
  }
  const answer = await deps.service.submitByToken(token, form, request.ip, now, request.id);
  return page.send(request, reply, link, answer.phase);
});

/**
 * The applicant's link: GET /r/:token shows the page for the request as it stands, POST /r/:token
 * takes the form (urlencoded, CSRF-checked, throttled per link and per client address). Every
 * answer is an HTML page from core's renderer: the database away is 503 with Retry-After, a fault
 * of ours 500, both as pages; the token is never logged (log-paths.ts).
 */
export function registerApplicantRoutes(app: FastifyInstance, deps: ApplicantRoutesDeps): void {
  const page = createApplicantReplier(deps);
  void app.register(async (scope) => {
    registerFormParser(scope);
    scope.setErrorHandler(async (error, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: safeError(error) }, 'applicant page: the database cannot be reached');
        return page.sendView(reply, { page: 'unavailable', retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500 && request.method === 'POST') {
        // A body that could not be read (too large, another content type): the page as it stands.
        return answerGet(deps, page, request as LinkRequest, reply);
      }
      request.log.error({ err: safeError(error) }, 'applicant page failed');
      return page.sendView(
        reply,
        { page: 'unavailable', retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
        500,
      );
    });
    scope.get<{ Params: { token: string } }>('/r/:token', (request, reply) =>
      answerGet(deps, page, request, reply),
    );
    scope.post<{ Params: { token: string } }>('/r/:token', (request, reply) =>
      answerPost(deps, page, request, reply),
    );
  });
}
