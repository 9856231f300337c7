import type { CheckKind } from '@sharecode/core';
import { kindInfo, newCheckId, queuedRecord, requestFingerprint } from '@sharecode/core';
import {
  idempotencyKeyReused,
  validateCheckRequest,
  validateIdempotencyKey,
} from '@sharecode/core/validation';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import { readJsonBody } from './read-json-body.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';

/** The three asynchronous POSTs (and the right-to-work alias): 202 and a queued check, or a replay. */
export async function answerCreateCheck(
  sandbox: SandboxContext,
  call: CallContext,
  kind: CheckKind,
): Promise<Response> {
  const headers = { 'X-Request-Id': call.requestId };
  const body = await readJsonBody(call.request);
  if (!body.ok) return errorAnswer(body.error, headers);
  const key = validateIdempotencyKey(call.request.headers.get('idempotency-key') ?? undefined);
  if (!key.ok) return errorAnswer(key.error, headers);
  const now = sandbox.options.now();
  const validated = validateCheckRequest(kind, body.value, { async: true, now });
  if (!validated.ok) return errorAnswer(validated.error, headers);

  // From here to the end nothing awaits, so two POSTs with one key cannot both queue a check.
  const fingerprint = requestFingerprint(validated.value);
  if (key.value !== undefined) {
    const earlier = sandbox.store.findByIdempotencyKey(call.apiKey, key.value);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) return errorAnswer(idempotencyKeyReused(), headers);
      return jsonAnswer(200, earlier.check.record, headers);
    }
  }
  const fields = validated.value.async;
  const record = queuedRecord({
    id: newCheckId(),
    mode: 'test',
    clientReference: fields?.client_reference ?? null,
    // Fixed when queued (spec 6.3): the request's URL, else the default of the moment.
    callbackUrl: fields?.callback_url ?? sandbox.options.defaultCallbackUrl,
    createdAt: now,
  });
  const check = { record, kind, owner: call.apiKey, request: validated.value };
  sandbox.store.add(check);
  if (key.value !== undefined)
    sandbox.store.rememberIdempotencyKey(call.apiKey, key.value, record.id, fingerprint);
  const answer = jsonAnswer(202, record, {
    ...headers,
    Location: `${kindInfo(kind).locationPrefix}${record.id}`,
  });
  sandbox.runner.queue(check);
  return answer;
}
