import { fail, type Outcome, ok } from '@sharecode/core';

const MAX_LENGTH = 200;

/** A required free-text answer: trimmed, not empty, at most 200 characters. */
export function validateText(
  raw: string | null,
  messages: { empty: string; label: string },
): Outcome<string, string> {
  const value = (raw ?? '').trim();
  if (value === '') return fail(messages.empty);
  if (value.length > MAX_LENGTH) return fail(`${messages.label} must be ${MAX_LENGTH} characters or fewer`);
  return ok(value);
}
