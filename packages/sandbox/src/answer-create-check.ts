import type { CheckKind } from '@sharecode/core';
import { kindInfo, newCheckId, queuedRecord, requestFingerprint } from '@sharecode/core';
import { idempotencyKeyReused, validateIdempotencyKey } from '@sharecode/core/validation';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import { readCheckRequest } from './read-check-request.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';

/** The three asynchronous POSTs (and the right-to-work alias): 202 and a queued check, or a replay. */
export async function answerCreateCheck(
  sandbox: SandboxContext,
  call: CallContext,
  kind: CheckKind,
): Promise<Response> {
  const key = validateIdempotencyKey(call.request.headers.get('idempotency-key') ?? undefined);
  const headerError = key.ok ? undefined : key.error;
  const read = await readCheckRequest(sandbox, call, kind, { async: true, headerError });
  if (!read.ok) return read.answer;
  const { request, headers, now } = read;
  const idempotencyKey = key.ok ? key.value : undefined;

  // From here to the end nothing awaits, so two POSTs with one key cannot both queue a check.
  const fingerprint = requestFingerprint(request);
  if (idempotencyKey !== undefined) {
    const earlier = sandbox.store.findByIdempotencyKey(call.apiKey, idempotencyKey);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) return errorAnswer(idempotencyKeyReused(), headers);
      return jsonAnswer(200, earlier.check.record, headers);
    }
  }
  const fields = request.async;
  const record = queuedRecord({
    id: newCheckId(),
    mode: 'test',
    clientReference: fields?.client_reference ?? null,
    // Fixed when queued (spec 6.3): the request's URL, else the default of the moment.
    callbackUrl: fields?.callback_url ?? sandbox.options.defaultCallbackUrl,
    createdAt: now,
  });
  const check = { record, kind, owner: call.apiKey, request };
  sandbox.store.add(check);
  if (idempotencyKey !== undefined)
    sandbox.store.rememberIdempotencyKey(call.apiKey, idempotencyKey, record.id, fingerprint);
  const answer = jsonAnswer(202, record, {
    ...headers,
    Location: `${kindInfo(kind).locationPrefix}${record.id}`,
  });
  sandbox.runner.queue(check);
  return answer;
}
