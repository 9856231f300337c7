import { checkError, methodNotAllowed, unknownRoute } from '@sharecode/core';
import { answerCreateCheck } from './answer-create-check.js';
import { answerGetCheck } from './answer-get-check.js';
import { answerSyncCheck } from './answer-sync-check.js';
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
    }
  } catch {
    return errorAnswer(checkError('INTERNAL'), headers);
  }
}
