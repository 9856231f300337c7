import type { CheckKind } from '../check-kind.js';
import { CHECK_KINDS, isCheckKind, kindInfo } from '../check-kind.js';
import type { CheckError } from '../errors/check-error.js';
import { invalidFields, invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { hasControlCharacter } from '../util/control-characters.js';
import { validateCallbackUrl } from '../validation/callback-url.js';
import type { CheckerFields } from '../validation/check-request.js';
import { Problems, validateAsyncFields, validateCheckerFields } from '../validation/check-request.js';
import { misplacedFieldAdvice, SYNC_FIELDS } from '../validation/request-fields.js';
import { aKindLabel } from './kind-words.js';
import { DEFAULT_EXPIRES_IN_DAYS, MAX_EXPIRES_IN_DAYS } from './request-rules.js';

/** A check request that passed every static rule. */
export type ValidatedCheckRequest = {
  [K in CheckKind]: {
    kind: K;
    checker: CheckerFields<K>;
    client_reference: string | null;
    callback_url: string | null;
    expires_in_days: number;
    applicant_email: string | null;
  };
}[CheckKind];

export interface ValidateCreateOptions {
  /** The callback-URL rule (the service passes the operator's test hosts); core's by default. */
  validateCallbackUrl?: (raw: unknown) => Outcome<string>;
}

type Body = Readonly<Record<string, unknown>>;

const REQUEST_ONLY_FIELDS = ['client_reference', 'callback_url', 'expires_in_days', 'applicant_email'];
// The applicant types these on the link's page; a request that carries them defeats its purpose.
const APPLICANT_FIELDS = ['share_code', 'date_of_birth'];
const EMAIL_MAX_LENGTH = 254;
// One @, something either side, a dot in the domain, no spaces: enough to catch a pasted name or a
// missing domain; deliverability is the mail server's to judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Fields a check request of `kind` accepts, in the order they are checked. */
export function checkRequestFields(kind: CheckKind): readonly string[] {
  const checker = SYNC_FIELDS[kind].filter((f) => !APPLICANT_FIELDS.includes(f) && f !== 'check');
  return ['kind', ...checker, ...REQUEST_ONLY_FIELDS];
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function read(body: Body, field: string): unknown {
  return Object.hasOwn(body, field) ? body[field] : undefined;
}

function unknownFieldProblem(kind: CheckKind, field: string): CheckError | undefined {
  const accepted = checkRequestFields(kind);
  if (accepted.includes(field)) return undefined;
  if (APPLICANT_FIELDS.includes(field)) {
    return invalidInput(
      field,
      `${field} is entered by the applicant on the request's page, never sent with the request: remove it (to check a share code you already have, use POST ${kindInfo(kind).asyncPath}).`,
    );
  }
  if (field === 'check') {
    return invalidInput(
      'check',
      'check is not a check request field: the kind is sent as kind. Remove check.',
    );
  }
  const advice = misplacedFieldAdvice(kind, field);
  const name = JSON.stringify(field.length > 40 ? `${field.slice(0, 40)}...` : field);
  if (advice)
    return invalidInput(
      field,
      `${field} is not accepted by ${aKindLabel(kind)} check request (${advice}): remove it.`,
    );
  return invalidInput(
    field,
    `Unknown field ${name}: remove it. ${capitalised(aKindLabel(kind))} check request accepts ${accepted.join(', ')}.`,
  );
}

function validateKind(raw: unknown): Outcome<CheckKind> {
  if (isCheckKind(raw)) return ok(raw);
  const lead = raw === undefined ? 'kind is required' : 'kind is not one of the accepted values';
  return fail(invalidInput('kind', `${lead}: send one of ${CHECK_KINDS.join(', ')}.`));
}

function validateExpiresInDays(raw: unknown): Outcome<number> {
  if (raw === undefined) return ok(DEFAULT_EXPIRES_IN_DAYS);
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_EXPIRES_IN_DAYS)
    return ok(raw);
  return fail(
    invalidInput(
      'expires_in_days',
      `expires_in_days must be a whole number of days from 1 to ${MAX_EXPIRES_IN_DAYS}: send a number in that range, or leave it out for ${DEFAULT_EXPIRES_IN_DAYS}.`,
    ),
  );
}

export function validateApplicantEmail(raw: unknown): Outcome<string | null> {
  if (raw === undefined) return ok(null);
  if (
    typeof raw !== 'string' ||
    raw.length > EMAIL_MAX_LENGTH ||
    hasControlCharacter(raw) ||
    !EMAIL_SHAPE.test(raw.trim())
  ) {
    return fail(
      invalidInput(
        'applicant_email',
        `applicant_email must be one e-mail address such as "sam@example.com" (at most ${EMAIL_MAX_LENGTH} characters): correct it, or leave it out and send the link yourself.`,
      ),
    );
  }
  return ok(raw.trim());
}

/**
 * Every static rule of a new check request: the kind's checker fields as the check judges them, and
 * the request's own fields. Never throws; all problems are named in one 400 INVALID_INPUT.
 */
export function validateCheckRequestCreate(
  body: unknown,
  opts: ValidateCreateOptions = {},
): Outcome<ValidatedCheckRequest> {
  const checked = checkRequestCreateProblems(body, opts);
  return checked.ok ? checked : fail(invalidFields(checked.error));
}

/**
 * The same rules, with every problem at once (in the order `validateCheckRequestCreate` meets them):
 * for command lines and forms, where one answer per attempt would make a person try once per field.
 */
export function checkRequestCreateProblems(
  body: unknown,
  opts: ValidateCreateOptions = {},
): Outcome<ValidatedCheckRequest, readonly CheckError[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail([
      invalidInput(
        'body',
        'The request body must be a JSON object with kind and the checker fields of that kind.',
      ),
    ]);
  }
  try {
    return validateObject(body as Body, opts);
  } catch {
    return fail([invalidInput('body', 'The request body could not be read: send a JSON object.')]);
  }
}

function validateObject(
  body: Body,
  opts: ValidateCreateOptions,
): Outcome<ValidatedCheckRequest, readonly CheckError[]> {
  const problems = new Problems();
  const kind = problems.take(validateKind(read(body, 'kind')));
  if (kind === undefined) return fail(problems.list);
  for (const field of Object.keys(body)) {
    const unknown = unknownFieldProblem(kind, field);
    if (unknown) problems.list.push(unknown);
  }
  const checker = validateCheckerFields(kind, body, problems);
  const async = validateAsyncFields(body, opts.validateCallbackUrl ?? validateCallbackUrl, problems);
  const days = problems.take(validateExpiresInDays(read(body, 'expires_in_days')));
  const email = problems.take(validateApplicantEmail(read(body, 'applicant_email')));
  if (
    problems.list.length > 0 ||
    checker === undefined ||
    async === undefined ||
    days === undefined ||
    email === undefined
  ) {
    return fail(problems.list);
  }
  return ok({
    kind,
    checker,
    client_reference: async.client_reference,
    callback_url: async.callback_url,
    expires_in_days: days,
    applicant_email: email,
  } as ValidatedCheckRequest);
}
