import type { ImmigrationStatusRequest, RightToRentRequest, RightToWorkRequest } from '@sharecode/sdk';
import type { CheckKind } from '../check-kind.js';
import { kindInfo } from '../check-kind.js';
import type { CheckerType, Purpose } from '../contract.js';
import type { CheckError } from '../errors/check-error.js';
import { invalidInput } from '../errors/check-error.js';
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

function checkUnknownFields(kind: CheckKind, body: Body, async: boolean): CheckError | undefined {
  const accepted = acceptedFields(kind, async);
  const info = kindInfo(kind);
  for (const field of Object.keys(body)) {
    if (accepted.includes(field)) continue;
    if (!async && (field === 'callback_url' || field === 'client_reference')) {
      return invalidInput(
        field,
        `${field} is only accepted by the asynchronous endpoint (POST ${info.asyncPath}): remove it, or send the check there.`,
      );
    }
    const advice = misplacedFieldAdvice(kind, field);
    if (advice) {
      return invalidInput(
        field,
        `${field} is not accepted by the ${info.label} check (${advice}): remove it.`,
      );
    }
    return invalidInput(
      field,
      `Unknown field ${quoteField(field)}: remove it. The ${info.label} check accepts ${accepted.join(', ')}.`,
    );
  }
  return undefined;
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

function validateAsyncFields(
  body: Body,
  checkCallbackUrl: (raw: unknown) => Outcome<string>,
): Step<AsyncFields> {
  const rawReference = read(body, 'client_reference');
  let clientReference: string | null = null;
  if (rawReference !== undefined) {
    const reference = validateText(rawReference, {
      field: 'client_reference',
      describes: "your own id for this check (never the applicant's name, share code or date of birth)",
      minLength: 0,
    });
    if (!reference.ok) return reference;
    clientReference = reference.value;
  }
  const rawCallback = read(body, 'callback_url');
  let callbackUrl: string | null = null;
  if (rawCallback !== undefined) {
    const callback = checkCallbackUrl(rawCallback);
    if (!callback.ok) return callback;
    callbackUrl = callback.value;
  }
  return ok({ client_reference: clientReference, callback_url: callbackUrl });
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

function validateRightToWork(body: Body, base: BaseFields): Step<RightToWorkRequest> {
  const company = requiredText(body, 'company_name', COMPANY_NAME.right_to_work);
  if (!company.ok) return company;
  return ok({ ...base, company_name: company.value });
}

function validateRightToRent(body: Body, base: BaseFields): Step<RightToRentRequest> {
  const checkerName = requiredText(
    body,
    'checker_name',
    'the name of the landlord or letting agent making the check',
  );
  if (!checkerName.ok) return checkerName;
  const checkerType = validateCheckerType(read(body, 'checker_type'));
  if (!checkerType.ok) return checkerType;
  return ok({ ...base, checker_name: checkerName.value, checker_type: checkerType.value });
}

function validateImmigrationStatus(body: Body, base: BaseFields): Step<ImmigrationStatusRequest> {
  const company = requiredText(body, 'company_name', COMPANY_NAME.immigration_status);
  if (!company.ok) return company;
  const jobTitle = requiredText(body, 'job_title', 'the job title of the person making the check');
  if (!jobTitle.ok) return jobTitle;
  const purpose = validatePurpose(read(body, 'purpose'));
  if (!purpose.ok) return purpose;
  const rawOther = read(body, 'other_purpose');
  let otherPurpose: string | undefined;
  if (purpose.value === 'other') {
    const other = requiredText(body, 'other_purpose', 'the reason for the check, because purpose is "other"');
    if (!other.ok) return other;
    otherPurpose = other.value;
  } else if (rawOther !== undefined) {
    return fail(
      invalidInput(
        'other_purpose',
        'other_purpose is only accepted when purpose is "other": remove other_purpose, or set purpose to "other".',
      ),
    );
  }
  const request: ImmigrationStatusRequest = {
    ...base,
    company_name: company.value,
    job_title: jobTitle.value,
    purpose: purpose.value,
  };
  if (otherPurpose !== undefined) request.other_purpose = otherPurpose;
  return ok(request);
}

function validate(kind: CheckKind, body: unknown, opts: ValidateOptions): Outcome<ValidatedRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail(
      invalidInput(
        'body',
        `The request body must be a JSON object with the fields ${acceptedFields(kind, opts.async).join(', ')}.`,
      ),
    );
  }
  const fields = body as Body;
  const unknown = checkUnknownFields(kind, fields, opts.async);
  if (unknown) return fail(unknown);

  const shareCode = validateShareCodeFor(kind, read(fields, 'share_code'));
  if (!shareCode.ok) return shareCode;
  const dateOfBirth = validateDateOfBirth(read(fields, 'date_of_birth'), opts.now);
  if (!dateOfBirth.ok) return dateOfBirth;

  const withAsync = (): Step<AsyncFields | null> =>
    opts.async ? validateAsyncFields(fields, opts.validateCallbackUrl ?? validateCallbackUrl) : ok(null);
  const base = { share_code: shareCode.value, date_of_birth: dateOfBirth.value };

  switch (kind) {
    case 'right_to_work':
      return completed(kind, validateRightToWork(fields, base), fields, withAsync);
    case 'right_to_rent':
      return completed(kind, validateRightToRent(fields, base), fields, withAsync);
    case 'immigration_status':
      return completed(kind, validateImmigrationStatus(fields, base), fields, withAsync);
  }
}

/** The validated request of one kind, once its own fields, `check`, then the asynchronous ones pass. */
function completed<K extends CheckKind>(
  kind: K,
  request: Step<Extract<ValidatedRequest, { kind: K }>['request']>,
  body: Body,
  withAsync: () => Step<AsyncFields | null>,
): Outcome<ValidatedRequest> {
  if (!request.ok) return request;
  // `check` comes last of the kind's own fields (it only repeats the endpoint's kind).
  const check = validateCheckField(kind, read(body, 'check'));
  if (!check.ok) return check;
  const extra = withAsync();
  if (!extra.ok) return extra;
  const value: { check?: CheckKind } = { ...request.value };
  if (read(body, 'check') !== undefined) value.check = kind;
  return ok({ kind, request: value, async: extra.value } as ValidatedRequest);
}

/**
 * Every static rule of spec 2.1 and 8.5 for one endpoint. Never throws: any input, however odd, gets
 * either the validated request or a 400 INVALID_INPUT whose message names the field.
 */
export function validateCheckRequest(
  kind: CheckKind,
  body: unknown,
  opts: ValidateOptions,
): Outcome<ValidatedRequest> {
  try {
    return validate(kind, body, opts);
  } catch {
    // Only exotic non-JSON values get here (throwing getters, revoked proxies).
    return fail(invalidInput('body', 'The request body could not be read: send a JSON object.'));
  }
}
