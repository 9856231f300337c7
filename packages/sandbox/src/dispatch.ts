import { checkError, methodNotAllowed, unknownRoute } from '@sharecode/core';
import { APPLICANT_PATH_PREFIX } from '@sharecode/core/check-requests';
import {
  answerCancelCheckRequest,
  answerCreateCheckRequest,
  answerGetCheckRequest,
  answerListCheckRequests,
} from './answer-check-requests.js';
import { answerCreateCheck } from './answer-create-check.js';
import { answerGetCheck } from './answer-get-check.js';
import { answerSyncCheck } from './answer-sync-check.js';
import { answerApplicantPage } from './applicant-page.js';
import { authenticate } from './authenticate.js';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import { OPENAPI_DOCUMENT } from './openapi-document.js';
import { newRequestId } from './request-id.js';
import { matchRoute } from './routes.js';
import type { SandboxContext } from './sandbox-context.js';

/**
 * Answers one request under the base URL, in the order the service does: route, then key, then
 * body and rules. Never throws: anything unexpected becomes a 500 INTERNAL like the service's.
 */
export async function dispatch(sandbox: SandboxContext, request: Request): Promise<Response> {
  const requestId = newRequestId();
  const headers = { 'X-Request-Id': requestId };
  try {
    const basePath = new URL(sandbox.options.baseUrl).pathname.replace(/\/$/, '');
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
    const method = request.method.toUpperCase();
    const token = applicantToken(path);
    if (token !== undefined && (method === 'GET' || method === 'POST'))
      return await answerApplicantPage(sandbox, request, token, basePath, requestId);
    const match = matchRoute(method, path);
    if (match.type === 'not-found') return errorAnswer(unknownRoute(method), headers);
    if (match.type === 'method-not-allowed') {
      return errorAnswer(methodNotAllowed(method, match.allowed), {
        ...headers,
        Allow: match.allowed.join(', '),
      });
    }
    const operation = match.route.operation;
    if (operation.type === 'health') return jsonAnswer(200, { status: 'ok' }, headers);
    if (operation.type === 'openapi') return jsonAnswer(200, OPENAPI_DOCUMENT, headers);

    const key = authenticate(request.headers.get('authorization'));
    if (!key.ok) return errorAnswer(key.error, headers);
    const call = { request, requestId, apiKey: key.value };
    switch (operation.type) {
      case 'sync-check':
        return await answerSyncCheck(sandbox, call, operation.kind);
      case 'create-check':
        return await answerCreateCheck(sandbox, call, operation.kind);
      case 'get-check':
        return answerGetCheck(sandbox, call, operation.kind, match.params.check_id ?? '');
      case 'create-check-request':
        return await answerCreateCheckRequest(sandbox, call);
      case 'list-check-requests':
        return answerListCheckRequests(sandbox, call);
      case 'get-check-request':
        return answerGetCheckRequest(sandbox, call, match.params.request_id ?? '');
      case 'cancel-check-request':
        return answerCancelCheckRequest(sandbox, call, match.params.request_id ?? '');
    }
  } catch {
    return errorAnswer(checkError('INTERNAL'), headers);
  }
}

/** The token of an applicant's link path (`/r/<token>`: one segment, any shape), else undefined. */
function applicantToken(path: string): string | undefined {
  if (!path.startsWith(APPLICANT_PATH_PREFIX)) return undefined;
  const rest = path.slice(APPLICANT_PATH_PREFIX.length);
  return rest === '' || rest.includes('/') ? undefined : rest;
}
