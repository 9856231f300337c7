import { fail, type Outcome, ok } from '@sharecode/core';
import { normaliseShareCode } from '../seed/share-code.js';

/** GOV.UK-pattern messages; the real wording is unknown. */
export function validateShareCode(raw: string | null): Outcome<string, string> {
  const code = normaliseShareCode(raw ?? '');
  if (code === '') return fail('Enter the share code');
  if (!/^[A-Z0-9]*$/.test(code)) return fail('Share code must only include letters a to z and numbers');
  if (code.length !== 9) return fail('Share code must be 9 characters');
  return ok(code);
}
