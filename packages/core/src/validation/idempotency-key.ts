import type { CheckError } from '../errors/check-error.js';
import { invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

// Visible ASCII, with inner spaces allowed: what an HTTP header value can carry unambiguously.
const KEY = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * The `Idempotency-Key` header: optional, 1 to 255 visible ASCII characters. A value in double quotes
 * (the IETF draft's Structured Field form) is the same key as the bare value.
 */
export function validateIdempotencyKey(raw: string | undefined): Outcome<string | undefined> {
  if (raw === undefined) return ok(undefined);
  if (typeof raw !== 'string') {
    return fail(invalidInput('Idempotency-Key', 'Idempotency-Key must be a string of 1 to 255 characters.'));
  }
  if (raw.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return fail(
      invalidInput(
        'Idempotency-Key',
        `Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters: use a shorter key, such as a UUID.`,
      ),
    );
  }
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!KEY.test(key)) {
    return fail(
      invalidInput(
        'Idempotency-Key',
        'Idempotency-Key must be 1 to 255 visible ASCII characters: send a unique value per intended check, such as a UUID, or leave the header out.',
      ),
    );
  }
  return ok(key);
}

/** The answer when a key is reused with a different request body. */
export function idempotencyKeyReused(): CheckError {
  return invalidInput(
    'Idempotency-Key',
    'Idempotency-Key was already used with a different request body: send a new key for a new check, or resend the original body unchanged.',
  );
}
