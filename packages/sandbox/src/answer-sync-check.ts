import type { CheckKind } from '@sharecode/core';
import { runSandboxCheck } from '@sharecode/core/sandbox';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import { readCheckRequest } from './read-check-request.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';

/** `POST /api/check`, `/api/check/right-to-rent`, `/api/check/immigration-status` (and the alias). */
export async function answerSyncCheck(
  sandbox: SandboxContext,
  call: CallContext,
  kind: CheckKind,
): Promise<Response> {
  const read = await readCheckRequest(sandbox, call, kind, { async: false });
  if (!read.ok) return read.answer;
  const { headers, now } = read;
  const outcome = await runSandboxCheck(read.request, { attempt: 1, now });
  return outcome.ok ? jsonAnswer(200, outcome.value, headers) : errorAnswer(outcome.error, headers);
}
