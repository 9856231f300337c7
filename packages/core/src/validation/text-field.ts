import type { CheckError } from '../errors/check-error.js';
import { invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { hasControlCharacter } from '../util/control-characters.js';

export const TEXT_FIELD_MAX_LENGTH = 200;

/** Length in Unicode characters (code points), as JSON Schema's maxLength counts. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export interface TextRule {
  field: string;
  /** What the field holds, for the "required" message, e.g. "the name of the organisation making the check". */
  describes: string;
  /** 1 for the required 1-to-200 fields; 0 for client_reference. */
  minLength: 0 | 1;
  maxLength?: number;
}

function refuse(field: string, message: string): { ok: false; error: CheckError } {
  return fail(invalidInput(field, message));
}

/**
 * A text field of 1 (or 0) to 200 characters. Blank values and control characters (C0 such as line
 * breaks, tabs, NUL and ESC; DEL; C1) are refused in every field, client_reference included: they
 * would reach the portal's form, the PDF, logs, terminals and the integrator's own systems.
 */
export function validateText(raw: unknown, rule: TextRule): Outcome<string> {
  const { field, describes } = rule;
  const max = rule.maxLength ?? TEXT_FIELD_MAX_LENGTH;
  const range = rule.minLength === 1 ? `1 to ${max} characters` : `up to ${max} characters`;
  if (raw === undefined) return refuse(field, `${field} is required: send ${describes} (${range}).`);
  if (typeof raw !== 'string')
    return refuse(field, `${field} must be a string of ${range}: send ${describes}.`);
  // Cheap bound first: UTF-16 length is at least the character count.
  const length = raw.length > max * 2 ? raw.length : characterCount(raw);
  if (length > max) {
    return refuse(
      field,
      `${field} is longer than ${max} characters: shorten it to ${max} characters or fewer.`,
    );
  }
  if (rule.minLength === 1 && raw.trim() === '') {
    return refuse(field, `${field} must not be empty or only spaces: send ${describes} (${range}).`);
  }
  if (hasControlCharacter(raw)) {
    return refuse(
      field,
      `${field} must not contain line breaks, tabs or other control characters (U+0000 to U+001F, U+007F to U+009F): send it on one line, as plain text.`,
    );
  }
  return ok(raw);
}
