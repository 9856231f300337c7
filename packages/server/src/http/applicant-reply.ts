import type { ApplicantPhase } from '@sharecode/core/check-requests';
import {
  APPLICANT_PATH_PREFIX,
  type ApplicantView,
  renderApplicantPage,
} from '@sharecode/core/check-requests';
import { parseCookies } from '@sharecode/core/util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  APPLICANT_CSRF_COOKIE,
  APPLICANT_CSRF_TTL_SECONDS,
  type ApplicantCsrf,
} from '../applicant-page/applicant-csrf.js';

/** What the page's replies need: the CSRF binding, and whether cookies must be Secure over plain http. */
export interface ApplicantReplyDeps {
  readonly csrf: ApplicantCsrf;
  /** RTW_DASHBOARD_SECURE_COOKIES: the service is reached over https through a proxy not trusted for it. */
  readonly alwaysSecureCookies: boolean;
}

export interface ApplicantReplier {
  /** The browser's nonce when it sent a valid one. */
  nonceOf(request: FastifyRequest): string | undefined;
  /**
   * Sends the page for `phase` at the link of `token`: the form gets its action and its CSRF field
   * (a new nonce cookie when the browser has none, or `freshNonce`).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    link: { readonly token: string; readonly tokenHash: string },
    phase: ApplicantPhase,
    options?: { readonly freshNonce?: boolean },
  ): FastifyReply;
  /** A page that belongs to no link: not found, unavailable, too many. */
  sendView(reply: FastifyReply, view: ApplicantView, status?: number): FastifyReply;
}

export function createApplicantReplier(deps: ApplicantReplyDeps): ApplicantReplier {
  const secure = (request: FastifyRequest) => deps.alwaysSecureCookies || request.protocol === 'https';
  const nonceOf = (request: FastifyRequest) => {
    const value = parseCookies(request.headers.cookie).get(APPLICANT_CSRF_COOKIE);
    return deps.csrf.isNonce(value) ? value : undefined;
  };
  const sendView = (reply: FastifyReply, view: ApplicantView, status?: number) => {
    const page = renderApplicantPage(view);
    const headers: Record<string, string> = { ...page.headers };
    if (status !== undefined && status !== page.status) delete headers['Retry-After'];
    return reply
      .code(status ?? page.status)
      .headers(headers)
      .send(page.html);
  };
  return {
    nonceOf,
    sendView,
    send(request, reply, link, phase, options = {}) {
      const action = `${APPLICANT_PATH_PREFIX}${link.token}`;
      if (phase.page === 'checking') return sendView(reply, { ...phase, action });
      if (phase.page !== 'form') return sendView(reply, phase);
      let nonce = options.freshNonce ? undefined : nonceOf(request);
      if (nonce === undefined) {
        nonce = deps.csrf.newNonce();
        reply.header(
          'set-cookie',
          [
            `${APPLICANT_CSRF_COOKIE}=${nonce}`,
            `Path=${APPLICANT_PATH_PREFIX}`,
            `Max-Age=${APPLICANT_CSRF_TTL_SECONDS}`,
            'HttpOnly',
            'SameSite=Strict',
            ...(secure(request) ? ['Secure'] : []),
          ].join('; '),
        );
      }
      return sendView(reply, { ...phase, action, csrf: deps.csrf.fieldFor(nonce, link.tokenHash) });
    },
  };
}
