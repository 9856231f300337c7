import type { CheckKind, Outcome } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import { validateCheckRequest, validateIdempotencyKey } from '@sharecode/core/validation';
import { apiFailure, type Failure } from '../render/failure.js';
import { callbackUrlShape } from './callback-url.js';

/**
 * Validates a request with core's rules, the ones the service applies, before anything is sent.
 * `where` names the field for the user: a flag (`--dob`) or a CSV column.
 */
export function validateForKind(
  kind: CheckKind,
  body: Readonly<Record<string, string>>,
  async: boolean,
  where: (field: string) => string,
): Outcome<ValidatedRequest, Failure> {
  const checked = validateCheckRequest(kind, body, {
    async,
    now: new Date(),
    validateCallbackUrl: callbackUrlShape,
  });
  if (checked.ok) return checked;
  const { error } = checked;
  const hint =
    error.field === undefined || error.field === 'body' ? undefined : `Field: ${where(error.field)}`;
  return { ok: false, error: apiFailure({ code: error.code, message: error.message }, { hint }) };
}

/** The Idempotency-Key flag, checked with core's rule (quotes stripped as the service does). */
export function validateKeyOption(raw: string | undefined): Outcome<string | undefined, Failure> {
  const checked = validateIdempotencyKey(raw);
  if (checked.ok) return checked;
  return {
    ok: false,
    error: apiFailure(
      { code: checked.error.code, message: checked.error.message },
      { hint: 'Field: --idempotency-key' },
    ),
  };
}
