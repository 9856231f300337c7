import type { ImmigrationStatusRequest, RightToRentRequest, RightToWorkRequest } from '@sharecode/sdk';
import type { CheckKind } from '../check-kind.js';
import { kindInfo } from '../check-kind.js';
import type { CheckerType, Purpose } from '../contract.js';
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

/**
 * Collects every field's refusal, in the order the fields are checked, so one answer names them all
 * (the first stays first: clients that read only the first field keep working). Any rule that returns
 * a Step joins in.
 */
class Problems {
  readonly list: CheckError[] = [];
  take<T>(step: Step<T>): T | undefined {
    if (step.ok) return step.value;
    this.list.push(step.error);
    return undefined;
  }
}

function checkUnknownFields(kind: CheckKind, body: Body, async: boolean, problems: Problems): void {
  const accepted = acceptedFields(kind, async);
  const info = kindInfo(kind);
  for (const field of Object.keys(body)) {
    if (accepted.includes(field)) continue;
    if (!async && (field === 'callback_url' || field === 'client_reference')) {
      problems.list.push(
        invalidInput(
          field,
          `${field} is only accepted by the asynchronous endpoint (POST ${info.asyncPath}): remove it, or send the check there.`,
        ),
      );
      continue;
    }
    const advice = misplacedFieldAdvice(kind, field);
    problems.list.push(
      advice
        ? invalidInput(field, `${field} is not accepted by the ${info.label} check (${advice}): remove it.`)
        : invalidInput(
            field,
            `Unknown field ${quoteField(field)}: remove it. The ${info.label} check accepts ${accepted.join(', ')}.`,
          ),
    );
  }
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
  problems: Problems,
): AsyncFields {
  const rawReference = read(body, 'client_reference');
  const rawCallback = read(body, 'callback_url');
  const reference =
    rawReference === undefined
      ? null
      : problems.take(
          validateText(rawReference, {
            field: 'client_reference',
            describes: "your own id for this check (never the applicant's name, share code or date of birth)",
            minLength: 0,
            allowControlCharacters: true,
          }),
        );
  const callback = rawCallback === undefined ? null : problems.take(checkCallbackUrl(rawCallback));
  return { client_reference: reference ?? null, callback_url: callback ?? null };
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

// Each kind's own fields. They return a request even when a field failed (its value then undefined):
// the caller answers with the problems instead whenever there are any.
function validateRightToWork(body: Body, base: BaseFields, problems: Problems): RightToWorkRequest {
  const company = problems.take(requiredText(body, 'company_name', COMPANY_NAME.right_to_work));
  return { ...base, company_name: company as string };
}

function validateRightToRent(body: Body, base: BaseFields, problems: Problems): RightToRentRequest {
  const checkerName = problems.take(
    requiredText(body, 'checker_name', 'the name of the landlord or letting agent making the check'),
  );
  const checkerType = problems.take(validateCheckerType(read(body, 'checker_type')));
  return { ...base, checker_name: checkerName as string, checker_type: checkerType as CheckerType };
}

function validateImmigrationStatus(
  body: Body,
  base: BaseFields,
  problems: Problems,
): ImmigrationStatusRequest {
  const company = problems.take(requiredText(body, 'company_name', COMPANY_NAME.immigration_status));
  const jobTitle = problems.take(
    requiredText(body, 'job_title', 'the job title of the person making the check'),
  );
  const purpose = problems.take(validatePurpose(read(body, 'purpose')));
  const rawOther = read(body, 'other_purpose');
  let otherPurpose: string | undefined;
  if (purpose === 'other') {
    otherPurpose = problems.take(
      requiredText(body, 'other_purpose', 'the reason for the check, because purpose is "other"'),
    );
  } else if (rawOther !== undefined && purpose !== undefined) {
    problems.list.push(
      invalidInput(
        'other_purpose',
        'other_purpose is only accepted when purpose is "other": remove other_purpose, or set purpose to "other".',
      ),
    );
  }
  const request: ImmigrationStatusRequest = {
    ...base,
    company_name: company as string,
    job_title: jobTitle as string,
    purpose: purpose as Purpose,
  };
  if (otherPurpose !== undefined) request.other_purpose = otherPurpose;
  return request;
}

function kindFields(kind: CheckKind, body: Body, base: BaseFields, problems: Problems) {
  switch (kind) {
    case 'right_to_work':
      return validateRightToWork(body, base, problems);
    case 'right_to_rent':
      return validateRightToRent(body, base, problems);
    case 'immigration_status':
      return validateImmigrationStatus(body, base, problems);
  }
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
  const problems = new Problems();
  checkUnknownFields(kind, fields, opts.async, problems);
  const shareCode = problems.take(validateShareCodeFor(kind, read(fields, 'share_code')));
  const dateOfBirth = problems.take(validateDateOfBirth(read(fields, 'date_of_birth'), opts.now));
  const base = { share_code: shareCode as string, date_of_birth: dateOfBirth as string };
  const request: { check?: CheckKind } = kindFields(kind, fields, base, problems);
  // `check` comes last of the kind's own fields (it only repeats the endpoint's kind).
  problems.take(validateCheckField(kind, read(fields, 'check')));
  const async = opts.async
    ? validateAsyncFields(fields, opts.validateCallbackUrl ?? validateCallbackUrl, problems)
    : null;
  if (problems.list.length > 0) return fail(invalidFields(problems.list));
  if (read(fields, 'check') !== undefined) request.check = kind;
  return ok({ kind, request, async } as ValidatedRequest);
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
