import type { CheckKind } from '../check-kind.js';
import { kindInfo, kindOfShareCodeLetter } from '../check-kind.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { validateDateOfBirth } from '../validation/date-of-birth.js';
import { normaliseShareCode } from '../validation/share-code.js';
import { aKindLabel } from './kind-words.js';

/** The applicant's page's fields, as posted (strings, possibly missing). */
export interface ApplicantFormInput {
  share_code?: string | undefined;
  dob_day?: string | undefined;
  dob_month?: string | undefined;
  dob_year?: string | undefined;
}

/** The form's field ids: each error links to one (the GOV.UK error summary pattern). */
export type ApplicantField = 'share_code' | 'dob_day' | 'dob_month' | 'dob_year';

export interface ApplicantFieldError {
  field: ApplicantField;
  message: string;
}

/**
 * Why a form cannot go to a check. `wrong_kind` is a failed attempt (the applicant holds a code for
 * another kind of check); `invalid` is a typing problem that costs no attempt.
 */
export interface ApplicantFormProblem {
  reason: 'invalid' | 'wrong_kind';
  errors: ApplicantFieldError[];
}

export interface ApplicantDetails {
  share_code: string;
  date_of_birth: string;
}

const MAX_FIELD = 100;

function trimmed(value: string | undefined): string {
  return typeof value === 'string' ? value.slice(0, MAX_FIELD).trim() : '';
}

function shareCodeError(
  kind: CheckKind,
  raw: string,
): ApplicantFieldError | 'wrong_kind' | ApplicantDetails['share_code'] {
  const info = kindInfo(kind);
  if (raw === '') return { field: 'share_code', message: 'Enter your share code' };
  const normalised = normaliseShareCode(raw);
  if (!normalised.ok) {
    return {
      field: 'share_code',
      message: `Share code must be 9 letters and numbers, like ${info.shareCodeLetter}12 3AB C45`,
    };
  }
  const letter = normalised.value.charAt(0);
  if (letter === info.shareCodeLetter) return normalised.value;
  // A code of another kind is one GOV.UK issued (a failed attempt); any other first character is a typo.
  if (kindOfShareCodeLetter(letter) !== undefined) return 'wrong_kind';
  return {
    field: 'share_code',
    message: `Share code must start with ${info.shareCodeLetter}, like ${info.shareCodeLetter}12 3AB C45`,
  };
}

/** The message for a code of another kind of check: which code to get instead, and where. */
export function wrongKindMessage(kind: CheckKind, code: string): string {
  const info = kindInfo(kind);
  const other = kindOfShareCodeLetter(code.charAt(0));
  const lead = other
    ? `This is a share code for ${aKindLabel(other)} check`
    : 'This is not a share code for this check';
  return `${lead}. Enter ${aKindLabel(kind)} share code: it starts with ${info.shareCodeLetter}. You can get one from GOV.UK.`;
}

function dateErrors(
  dayRaw: string,
  monthRaw: string,
  yearRaw: string,
  now: Date,
): ApplicantFieldError[] | string {
  const parts: [ApplicantField, string, string][] = [
    ['dob_day', dayRaw, 'a day'],
    ['dob_month', monthRaw, 'a month'],
    ['dob_year', yearRaw, 'a year'],
  ];
  const missing = parts.filter(([, value]) => value === '');
  if (missing.length === 3) return [{ field: 'dob_day', message: 'Enter your date of birth' }];
  if (missing.length > 0) {
    const [first] = missing;
    const names = missing.map(([, , name]) => name).join(' and ');
    return [{ field: first?.[0] ?? 'dob_day', message: `Date of birth must include ${names}` }];
  }
  if (!/^\d{1,2}$/.test(dayRaw) || !/^\d{1,2}$/.test(monthRaw) || !/^\d{4}$/.test(yearRaw)) {
    const field: ApplicantField = !/^\d{1,2}$/.test(dayRaw)
      ? 'dob_day'
      : !/^\d{1,2}$/.test(monthRaw)
        ? 'dob_month'
        : 'dob_year';
    return [
      { field, message: 'Date of birth must be a real date, with the year in 4 numbers, like 27 3 1990' },
    ];
  }
  const iso = `${yearRaw}-${monthRaw.padStart(2, '0')}-${dayRaw.padStart(2, '0')}`;
  const judged = validateDateOfBirth(iso, now);
  if (judged.ok) return judged.value;
  const message = judged.error.message;
  if (message.includes('in the future'))
    return [{ field: 'dob_day', message: 'Date of birth must be in the past' }];
  if (message.includes('under'))
    return [{ field: 'dob_year', message: 'You must be 16 or over to be checked: check the year' }];
  if (message.includes('before'))
    return [{ field: 'dob_year', message: 'Date of birth must be the same as or after 1 January 1900' }];
  return [{ field: 'dob_day', message: 'Date of birth must be a real date' }];
}

/**
 * The applicant's form, judged: the normalised share code and an ISO date of birth, or the errors to
 * show beside each field. A share code of another kind is reported as `wrong_kind` (a failed attempt)
 * only when the rest of the form is right, so a typo elsewhere costs nothing (it is named among
 * the errors either way, so the applicant can fix both at once).
 */
export function readApplicantForm(
  kind: CheckKind,
  input: ApplicantFormInput,
  now: Date,
): Outcome<ApplicantDetails, ApplicantFormProblem> {
  const rawCode = trimmed(input.share_code);
  const code = shareCodeError(kind, rawCode);
  const date = dateErrors(trimmed(input.dob_day), trimmed(input.dob_month), trimmed(input.dob_year), now);
  const codeError: ApplicantFieldError | null =
    code === 'wrong_kind'
      ? { field: 'share_code', message: wrongKindMessage(kind, rawCode.replace(/\s+/g, '').toUpperCase()) }
      : typeof code === 'object'
        ? code
        : null;
  const errors: ApplicantFieldError[] = codeError ? [codeError] : [];
  if (typeof date !== 'string') {
    // The applicant learns the code is of another kind at once, but only a form otherwise right spends an attempt.
    return fail({ reason: 'invalid', errors: [...errors, ...date] });
  }
  if (codeError) return fail({ reason: code === 'wrong_kind' ? 'wrong_kind' : 'invalid', errors });
  return ok({ share_code: code as string, date_of_birth: date });
}
