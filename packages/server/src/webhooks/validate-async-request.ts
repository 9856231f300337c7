import {
  type CheckKind,
  invalidInput,
  type Outcome,
  ok,
  type ValidatedRequest,
  validateCheckRequest,
} from '@sharecode/core';
import type { CallbackUrlPolicy } from './callback-url-policy.js';

/**
 * core's validation of an asynchronous request, with the service's callback-URL policy in place of
 * core's static rule: identical unless the operator listed unsafe test hosts. callback_url is the
 * last field core checks, so when it alone fails, every other field has passed.
 */
export function validateAsyncRequest(
  kind: CheckKind,
  body: unknown,
  now: Date,
  policy: CallbackUrlPolicy,
): Outcome<ValidatedRequest> {
  const strict = validateCheckRequest(kind, body, { async: true, now });
  if (strict.ok || strict.error.field !== 'callback_url') return strict;
  const { callback_url: raw, ...rest } = body as Readonly<Record<string, unknown>>;
  const allowed = policy.validate(raw);
  if (!allowed.ok) return strict;
  const without = validateCheckRequest(kind, rest, { async: true, now });
  if (!without.ok) return without;
  return ok({
    ...without.value,
    async: { client_reference: without.value.async?.client_reference ?? null, callback_url: allowed.value },
  });
}

/** Spec 5.5: the refusal of callback_url for a sandbox key that no account has claimed yet. */
export const unclaimedKeyCallbackRefusal = () =>
  invalidInput(
    'callback_url',
    'callback_url cannot be used with a sandbox key that belongs to no account: claim the key first ' +
      '(rtw-server keys claim --key KEY --account ID), or leave callback_url out and poll the check with GET.',
  );
