import type { CheckKind } from '@sharecode/core';
import { checkError } from '@sharecode/core';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';

/**
 * The GETs of an asynchronous check. Another key's check, another kind's check on a kind-specific
 * path, and ids of any other shape all answer 404 CHECK_NOT_FOUND.
 */
export function answerGetCheck(
  sandbox: SandboxContext,
  call: CallContext,
  kind: CheckKind | null,
  checkId: string,
): Response {
  const headers = { 'X-Request-Id': call.requestId };
  const check = sandbox.store.find(checkId, call.apiKey, kind);
  return check ? jsonAnswer(200, check.record, headers) : errorAnswer(checkError('CHECK_NOT_FOUND'), headers);
}
