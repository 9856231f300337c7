import type { CheckKind } from '@sharecode/core';
import { runSandboxCheck } from '@sharecode/core/sandbox';
import { validateCheckRequest } from '@sharecode/core/validation';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import { readJsonBody } from './read-json-body.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';

/** `POST /api/check`, `/api/check/right-to-rent`, `/api/check/immigration-status` (and the alias). */
export async function answerSyncCheck(
  sandbox: SandboxContext,
  call: CallContext,
  kind: CheckKind,
): Promise<Response> {
  const headers = { 'X-Request-Id': call.requestId };
  const body = await readJsonBody(call.request);
  if (!body.ok) return errorAnswer(body.error, headers);
  const now = sandbox.options.now();
  const validated = validateCheckRequest(kind, body.value, { async: false, now });
  if (!validated.ok) return errorAnswer(validated.error, headers);
  const outcome = await runSandboxCheck(validated.value, { attempt: 1, now });
  return outcome.ok ? jsonAnswer(200, outcome.value, headers) : errorAnswer(outcome.error, headers);
}
