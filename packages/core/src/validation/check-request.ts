import type { CheckKind } from '../check-kind.js';
import { kindInfo } from '../check-kind.js';
import type {
  CheckerType,
  ImmigrationStatusRequest,
  Purpose,
  RightToRentRequest,
  RightToWorkRequest,
} from '../contract.js';
import type { CheckError } from '../errors/check-error.js';
import { invalidFields, invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { validateCallbackUrl } from './callback-url.js';
import { validateDateOfBirth } from './date-of-birth.js';
import { acceptedFields, CHECKER_TYPES, misplacedFieldAdvice, PURPOSES } from './request-fields.js';
import { validateShareCodeFor } from './share-code.js';
import { validateText } from './text-field.js';

/** The asynchronous-only fields; null when not sent. */
export interface AsyncFields {
  client_reference: string | null;
  callback_url: string | null;
}

/** A request that passed every static rule: the wire request with the share code normalised. */
export type ValidatedRequest =
  | { kind: 'right_to_work'; request: RightToWorkRequest; async: AsyncFields | null }
  | { kind: 'right_to_rent'; request: RightToRentRequest; async: AsyncFields | null }
  | { kind: 'immigration_status'; request: ImmigrationStatusRequest; async: AsyncFields | null };

export interface ValidateOptions {
  /** True on the asynchronous endpoints, which also take callback_url and client_reference. */
  async: boolean;
  /** The clock: the applicant must be 16 on this (UTC) day. */
  now: Date;
  /**
   * The callback-URL rule: core's static rules by default. The service passes the same rules with the
   * operator's listed test hosts allowed (RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS).
   */
  validateCallbackUrl?: (raw: unknown) => Outcome<string>;
}

type Body = Readonly<Record<string, unknown>>;
type Step<T> = { ok: true; value: T } | { ok: false; error: CheckError };

// Field names from the caller are echoed in messages: keep them short and quoted.
function quoteField(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}...` : name);
}

function read(body: Body, field: string): unknown {
  return Object.hasOwn(body, field) ? body[field] : undefined;
}

function unknownFieldProblem(kind: CheckKind, field: string, async: boolean): CheckError | undefined {
  const accepted = acceptedFields(kind, async);
  if (accepted.includes(field)) return undefined;
  const info = kindInfo(kind);
  if (!async && (field === 'callback_url' || field === 'client_reference')) {
    return invalidInput(
      field,
      `${field} is only accepted by the asynchronous endpoint (POST ${info.asyncPath}): remove it, or send the check there.`,
    );
  }
  const advice = misplacedFieldAdvice(kind, field);
  if (advice) {
    return invalidInput(field, `${field} is not accepted by the ${info.label} check (${advice}): remove it.`);
  }
  return invalidInput(
    field,
    `Unknown field ${quoteField(field)}: remove it. The ${info.label} check accepts ${accepted.join(', ')}.`,
  );
}

function validateCheckField(kind: CheckKind, raw: unknown): Step<undefined> {
  if (raw === undefined || raw === kind) return ok(undefined);
  const info = kindInfo(kind);
  return fail(
    invalidInput(
      'check',
      `check must be "${kind}" on the ${info.label} endpoint, or be left out: remove it or correct it.`,
    ),
  );
}

function validatePurpose(raw: unknown): Step<Purpose> {
  if (typeof raw === 'string' && (PURPOSES as readonly string[]).includes(raw)) return ok(raw as Purpose);
  const lead = raw === undefined ? 'purpose is required' : 'purpose is not one of the accepted values';
  return fail(invalidInput('purpose', `${lead}: send one of ${PURPOSES.join(', ')}.`));
}

function validateCheckerType(raw: unknown): Step<CheckerType> {
  if (typeof raw === 'string' && (CHECKER_TYPES as readonly string[]).includes(raw))
    return ok(raw as CheckerType);
  const lead =
    raw === undefined ? 'checker_type is required' : 'checker_type is not one of the accepted values';
  return fail(invalidInput('checker_type', `${lead}: send "landlord" or "agent".`));
}

/** Problems found so far, in the order the service reports them; `take` keeps a step's value or its error. */
export class Problems {
  readonly list: CheckError[] = [];
  take<T>(step: Step<T>): T | undefined {
    if (step.ok) return step.value;
    this.list.push(step.error);
    return undefined;
  }
}

export function validateAsyncFields(
  body: Body,
  checkCallbackUrl: (raw: unknown) => Outcome<string>,
  problems: Problems,
): AsyncFields | undefined {
  const rawReference = read(body, 'client_reference');
  let clientReference: string | null | undefined = null;
  if (rawReference !== undefined) {
    clientReference = problems.take(
      validateText(rawReference, {
        field: 'client_reference',
        describes: "your own id for this check (never the applicant's name, share code or date of birth)",
        minLength: 0,
      }),
    );
  }
  const rawCallback = read(body, 'callback_url');
  let callbackUrl: string | null | undefined = null;
  if (rawCallback !== undefined) callbackUrl = problems.take(checkCallbackUrl(rawCallback));
  if (clientReference === undefined || callbackUrl === undefined) return undefined;
  return { client_reference: clientReference, callback_url: callbackUrl };
}

const COMPANY_NAME = {
  right_to_work: 'the name of the organisation making the check',
  immigration_status: 'the name of the organisation making the check, including the local office or branch',
};

/** A text field that must be present and not empty; `describes` says what to send. */
function requiredText(body: Body, field: string, describes: string): Step<string> {
  return validateText(read(body, field), { field, describes, minLength: 1 });
}

/** The fields every kind has, already validated. */
type BaseFields = Pick<RightToWorkRequest, 'share_code' | 'date_of_birth'>;

function validateRightToWork(body: Body, base: BaseFields | undefined, problems: Problems) {
  const company = problems.take(requiredText(body, 'company_name', COMPANY_NAME.right_to_work));
  if (base === undefined || company === undefined) return undefined;
  return { ...base, company_name: company } satisfies RightToWorkRequest;
}

function validateRightToRent(body: Body, base: BaseFields | undefined, problems: Problems) {
  const checkerName = problems.take(
    requiredText(body, 'checker_name', 'the name of the landlord or letting agent making the check'),
  );
  const checkerType = problems.take(validateCheckerType(read(body, 'checker_type')));
  if (base === undefined || checkerName === undefined || checkerType === undefined) return undefined;
  return { ...base, checker_name: checkerName, checker_type: checkerType } satisfies RightToRentRequest;
}

function validateOtherPurpose(body: Body, purpose: Purpose): Step<string | undefined> {
  if (purpose === 'other')
    return requiredText(body, 'other_purpose', 'the reason for the check, because purpose is "other"');
  if (read(body, 'other_purpose') === undefined) return ok(undefined);
  return fail(
    invalidInput(
      'other_purpose',
      'other_purpose is only accepted when purpose is "other": remove other_purpose, or set purpose to "other".',
    ),
  );
}

function validateImmigrationStatus(body: Body, base: BaseFields | undefined, problems: Problems) {
  const company = problems.take(requiredText(body, 'company_name', COMPANY_NAME.immigration_status));
  const jobTitle = problems.take(
    requiredText(body, 'job_title', 'the job title of the person making the check'),
  );
  const purpose = problems.take(validatePurpose(read(body, 'purpose')));
  // other_purpose depends on purpose: judged only once purpose is known.
  if (purpose === undefined) return undefined;
  const before = problems.list.length;
  const otherPurpose = problems.take(validateOtherPurpose(body, purpose));
  if (base === undefined || company === undefined || jobTitle === undefined) return undefined;
  if (problems.list.length > before) return undefined;
  const request: ImmigrationStatusRequest = {
    ...base,
    company_name: company,
    job_title: jobTitle,
    purpose,
  };
  if (otherPurpose !== undefined) request.other_purpose = otherPurpose;
  return request;
}

function kindRequest(
  kind: CheckKind,
  body: Body,
  base: BaseFields | undefined,
  problems: Problems,
): ValidatedRequest['request'] | undefined {
  switch (kind) {
    case 'right_to_work':
      return validateRightToWork(body, base, problems);
    case 'right_to_rent':
      return validateRightToRent(body, base, problems);
    case 'immigration_status':
      return validateImmigrationStatus(body, base, problems);
  }
}

// Stands in for the applicant's fields when only a check request's checker fields are judged.
const NO_APPLICANT_YET: BaseFields = { share_code: '', date_of_birth: '' };

/** A kind's checker fields alone (company_name, checker_name ...), by the rules the check applies. */
export type CheckerFields<K extends CheckKind = CheckKind> = Omit<
  Extract<ValidatedRequest, { kind: K }>['request'],
  'share_code' | 'date_of_birth' | 'check'
>;

/**
 * The kind's checker fields of `body` judged as the check judges them, every problem kept in order
 * (a check request carries them before the applicant supplies the share code and date of birth).
 */
export function validateCheckerFields<K extends CheckKind>(
  kind: K,
  body: Readonly<Record<string, unknown>>,
  problems: Problems,
): CheckerFields<K> | undefined {
  const own = new Problems();
  const request = kindRequest(kind, body, NO_APPLICANT_YET, own);
  problems.list.push(...own.list);
  if (own.list.length > 0 || request === undefined) return undefined;
  const { share_code: _code, date_of_birth: _birth, ...checker } = request as Record<string, unknown>;
  return checker as CheckerFields<K>;
}

/**
 * Every rule, every problem: the request, or the problems in the order the service checks them (the
 * service answers with the first; a person filling in a form wants them all at once).
 */
function validate(
  kind: CheckKind,
  body: unknown,
  opts: ValidateOptions,
): { ok: true; value: ValidatedRequest } | { ok: false; errors: CheckError[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = `The request body must be a JSON object with the fields ${acceptedFields(kind, opts.async).join(', ')}.`;
    return { ok: false, errors: [invalidInput('body', message)] };
  }
  const fields = body as Body;
  const problems = new Problems();
  for (const field of Object.keys(fields)) {
    const unknown = unknownFieldProblem(kind, field, opts.async);
    if (unknown) problems.list.push(unknown);
  }
  const shareCode = problems.take(validateShareCodeFor(kind, read(fields, 'share_code')));
  const dateOfBirth = problems.take(validateDateOfBirth(read(fields, 'date_of_birth'), opts.now));
  const base =
    shareCode === undefined || dateOfBirth === undefined
      ? undefined
      : { share_code: shareCode, date_of_birth: dateOfBirth };
  const request = kindRequest(kind, fields, base, problems);
  // `check` comes last of the kind's own fields (it only repeats the endpoint's kind).
  problems.take(validateCheckField(kind, read(fields, 'check')));
  const async = opts.async
    ? validateAsyncFields(fields, opts.validateCallbackUrl ?? validateCallbackUrl, problems)
    : null;
  if (problems.list.length > 0 || request === undefined || async === undefined) {
    return { ok: false, errors: problems.list };
  }
  const value: { check?: CheckKind } = { ...request };
  if (read(fields, 'check') !== undefined) value.check = kind;
  return { ok: true, value: { kind, request: value, async } as ValidatedRequest };
}

function validateSafely(kind: CheckKind, body: unknown, opts: ValidateOptions): ReturnType<typeof validate> {
  try {
    return validate(kind, body, opts);
  } catch {
    // Only exotic non-JSON values get here (throwing getters, revoked proxies).
    const error = invalidInput('body', 'The request body could not be read: send a JSON object.');
    return { ok: false, errors: [error] };
  }
}

/**
 * Every static rule of spec 2.1 and 8.5 for one endpoint. Never throws: any input, however odd, gets
 * either the validated request or a 400 INVALID_INPUT whose message names the field (the first
 * first problem first, then every other one).
 */
export function validateCheckRequest(
  kind: CheckKind,
  body: unknown,
  opts: ValidateOptions,
): Outcome<ValidatedRequest> {
  const checked = validateSafely(kind, body, opts);
  if (checked.ok) return checked;
  // Every field named in one message; the first stays first, so clients that read it keep working.
  return fail(
    checked.errors.length > 0
      ? invalidFields(checked.errors)
      : invalidInput('body', 'The request body could not be read: send a JSON object.'),
  );
}

/**
 * The same rules, with every problem at once (in the order `validateCheckRequest` meets them): for
 * forms and command lines, where one answer per attempt would make a person try once per field.
 */
export function checkRequestProblems(
  kind: CheckKind,
  body: unknown,
  opts: ValidateOptions,
): Outcome<ValidatedRequest, readonly CheckError[]> {
  const checked = validateSafely(kind, body, opts);
  return checked.ok ? checked : fail(checked.errors);
}
