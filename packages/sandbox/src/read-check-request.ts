import type { CheckError, CheckKind } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import { validateCheckRequest } from '@sharecode/core/validation';
import { type AnswerHeaders, errorAnswer } from './http-answer.js';
import { readJsonBody } from './read-json-body.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';

/** A check request read and validated, with what every answer to it carries. */
export type CheckRequestRead =
  | { ok: true; request: ValidatedRequest; headers: AnswerHeaders; now: Date }
  | { ok: false; answer: Response };

/**
 * The JSON body of a check POST, validated for `kind` at the sandbox's now; otherwise the error
 * answer. `headerError` (a bad Idempotency-Key) is answered after a body that cannot be read and
 * before the body's own field errors, as the service orders them.
 */
export async function readCheckRequest(
  sandbox: SandboxContext,
  call: CallContext,
  kind: CheckKind,
  options: { async: boolean; headerError?: CheckError },
): Promise<CheckRequestRead> {
  const headers = { 'X-Request-Id': call.requestId };
  const body = await readJsonBody(call.request);
  if (!body.ok) return { ok: false, answer: errorAnswer(body.error, headers) };
  if (options.headerError) return { ok: false, answer: errorAnswer(options.headerError, headers) };
  const now = sandbox.options.now();
  const validated = validateCheckRequest(kind, body.value, { async: options.async, now });
  if (!validated.ok) return { ok: false, answer: errorAnswer(validated.error, headers) };
  return { ok: true, request: validated.value, headers, now };
}
