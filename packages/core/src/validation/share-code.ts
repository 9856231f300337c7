import type { CheckKind } from '../check-kind.js';
import { kindInfo, kindOfShareCodeLetter } from '../check-kind.js';
import { invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';

export const SHARE_CODE_LENGTH = 9;
// Longer inputs are refused before any work: a share code with spaces is at most a few dozen characters.
const RAW_MAX_LENGTH = 1000;

const EXAMPLE = 'W12 3AB C45';

/**
 * Normalises a share code as the portal does: whitespace removed, letters upper-cased; the result must
 * be 9 letters and digits. Messages never repeat the code.
 */
export function normaliseShareCode(raw: unknown): Outcome<string> {
  if (raw === undefined) {
    return fail(
      invalidInput('share_code', "share_code is required: send the applicant's 9-character share code."),
    );
  }
  if (typeof raw !== 'string') {
    return fail(invalidInput('share_code', `share_code must be a string such as "${EXAMPLE}".`));
  }
  const compact = raw.length > RAW_MAX_LENGTH ? raw : raw.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9]{9}$/.test(compact)) {
    return fail(
      invalidInput(
        'share_code',
        `share_code must be ${SHARE_CODE_LENGTH} letters and digits once spaces are removed (such as "${EXAMPLE}"): check the code the applicant gave you.`,
      ),
    );
  }
  return ok(compact.toUpperCase());
}

/** Normalises a share code and checks that its first letter opens this kind of check. */
export function validateShareCodeFor(kind: CheckKind, raw: unknown): Outcome<string> {
  const normalised = normaliseShareCode(raw);
  if (!normalised.ok) return normalised;
  const code = normalised.value;
  const expected = kindInfo(kind);
  const letter = code.charAt(0);
  if (letter === expected.shareCodeLetter) return normalised;
  const other = kindOfShareCodeLetter(letter);
  const askFor = `ask the applicant for a ${expected.label} share code (it starts with ${expected.shareCodeLetter})`;
  if (other) {
    const info = kindInfo(other);
    return fail(
      invalidInput(
        'share_code',
        `share_code starts with ${letter}, so it is a ${info.label} share code: use the ${info.label} check (POST ${info.syncPath}), or ${askFor}.`,
      ),
    );
  }
  return fail(
    invalidInput(
      'share_code',
      `share_code starts with ${letter}, which is not a ${expected.label} share code: ${askFor}.`,
    ),
  );
}
