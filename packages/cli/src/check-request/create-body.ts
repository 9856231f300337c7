import type { CheckKind, Outcome } from '@sharecode/core';
import { checkRequestCreateProblems, type ValidatedCheckRequest } from '@sharecode/core/check-requests';
import { tidyTypedRequest } from '@sharecode/core/validation';
import type { Failure } from '../render/failure.js';
import { callbackUrlShape } from '../request/callback-url.js';
import { flagOfField } from '../request/fields.js';
import { type Problem, problemInWords, problemsFailure } from '../request/validate.js';

/** The flags of `rtw request <kind>`: the checker flags `rtw check` takes, and the request's own. */
const FLAG_OF_WIRE: Readonly<Record<string, string>> = {
  company_name: 'company',
  checker_name: 'checkerName',
  checker_type: 'checkerType',
  job_title: 'jobTitle',
  purpose: 'purpose',
  other_purpose: 'otherPurpose',
  client_reference: 'reference',
  callback_url: 'callbackUrl',
  applicant_email: 'email',
};

const REQUEST_FLAGS: Readonly<Record<string, string>> = {
  client_reference: '--reference',
  applicant_email: '--email',
  expires_in_days: '--expires-in-days',
};

/** How a field is given on `rtw request`: `--email` for applicant_email, `--company` for company_name. */
export function requestFlagOf(wire: string): string {
  return REQUEST_FLAGS[wire] ?? flagOfField(wire);
}

/** `--expires-in-days 30` as core's number; anything else is left as typed, for core's rule to refuse. */
function days(raw: string): number | string {
  return /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : raw;
}

/**
 * The body of `POST /api/check-requests` from the flags, tidied as `rtw check` tidies typed values
 * (`--checker-type Landlord`, `--purpose "Student loan"`) and judged by core's rules, the service's:
 * the validated request, or every problem at once (exit 2), each under its flag.
 */
export function requestBodyFromOptions(
  options: Readonly<Record<string, unknown>>,
  kind: CheckKind,
  extraProblems: readonly Problem[] = [],
): Outcome<ValidatedCheckRequest, Failure> {
  const typed: Record<string, string> = {};
  for (const [wire, option] of Object.entries(FLAG_OF_WIRE)) {
    const value = options[option];
    if (typeof value === 'string') typed[wire] = value;
  }
  const body: Record<string, unknown> = { kind, ...tidyTypedRequest(typed) };
  const rawDays = options.expiresInDays;
  if (typeof rawDays === 'string') body.expires_in_days = days(rawDays);
  // The callback URL's shape only, as `rtw async` checks it: the service's answer is the rule.
  const judged = checkRequestCreateProblems(body, { validateCallbackUrl: callbackUrlShape });
  if (judged.ok && extraProblems.length === 0) return judged;
  const problems = judged.ok
    ? []
    : judged.error.map((problem) =>
        problemInWords(problem, typed, requestFlagOf)
          .replace(/\bapplicant_email\b/g, '--email')
          .replace(/\bexpires_in_days\b/g, '--expires-in-days')
          .replace(/\bsend\b/g, 'give')
          // The link is still sent, by you.
          .replace('give the link yourself', 'send the link yourself'),
      );
  return { ok: false, error: requestProblems([...problems, ...extraProblems]) };
}

function requestProblems(problems: readonly Problem[]): Failure {
  const failure = problemsFailure(problems);
  const lead = `${problems.length === 1 ? '1 thing' : `${problems.length} things`} to put right before the request can be made:`;
  failure.message = lead;
  failure.json.error.message = `${lead} ${problems.map((problem) => problem.replace(/\.?$/, '.')).join(' ')}`;
  return failure;
}
