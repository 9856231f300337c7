import type { CheckError, CheckKind, Outcome } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import { checkRequestProblems, tidyTypedRequest, validateIdempotencyKey } from '@sharecode/core/validation';
import { EXIT } from '../exit-codes.js';
import { cliFailure, type Failure } from '../render/failure.js';
import { inHrWords } from '../render/hr-words.js';
import { readTypedDate } from '../typed-date.js';
import { fieldSpec } from './fields.js';

/** One thing to put right, in the user's words: "--dob is missing: the applicant's date of birth (...)". */
export type Problem = string;

import { callbackUrlShape } from './callback-url.js';

/**
 * The request as typed, tidied by core's rules for typed input (share code spaces and dashes, UK
 * dates, any case), then judged by core's rules, the service's: the validated request, or every
 * problem at once.
 */
export function judgeRequest(
  kind: CheckKind,
  typed: Readonly<Record<string, string>>,
  async: boolean,
): Outcome<ValidatedRequest, readonly CheckError[]> {
  // The callback URL's shape only: the service's answer is the rule for the address (issue 28).
  return checkRequestProblems(kind, tidyTypedRequest(withTypedDate(typed)), {
    async,
    now: new Date(),
    validateCallbackUrl: callbackUrlShape,
  });
}

/**
 * The date of birth read by rtw's one date reader (typed-date.ts), as every date rtw reads: a day that
 * does not exist keeps its YYYY-MM-DD shape, so core's rule says it is not a real date rather than
 * that it is not written as one.
 */
function withTypedDate(typed: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const raw = typed.date_of_birth;
  if (raw === undefined) return typed;
  const read = readTypedDate(raw);
  if (read.ok) return { ...typed, date_of_birth: read.value };
  if (read.reason === 'not_real' && read.isoShaped !== undefined)
    return { ...typed, date_of_birth: read.isoShaped };
  return typed;
}

/**
 * A problem of core's, for the person who typed the request: `where` names the field as they give it
 * (a flag such as `--dob`, or a CSV column), and a missing field says what to give.
 */
export function problemInWords(
  problem: CheckError,
  typed: Readonly<Record<string, string>>,
  where: (field: string) => string,
): Problem {
  const field = problem.field;
  const spec = field === undefined ? undefined : fieldSpec(field);
  if (field !== undefined && spec !== undefined && (typed[field] ?? '').trim() === '') {
    return `${where(field)} is missing: ${spec.what}`;
  }
  return inHrWords(problem.message, where).replace(/\bsend\b/g, 'give');
}

/** Every problem in one failure (exit 2): the first line counts them, one line each follows. */
export function problemsFailure(problems: readonly Problem[], hints: readonly string[] = []): Failure {
  const count = problems.length === 1 ? '1 thing' : `${problems.length} things`;
  const lead = `${count} to put right before the check can run:`;
  const failure = cliFailure(
    EXIT.INVALID_INPUT,
    'INVALID_INPUT',
    `${lead} ${problems.map((problem) => problem.replace(/\.?$/, '.')).join(' ')}`,
  );
  // The terminal gets one problem a line; --json gets them in the message and as a list.
  failure.message = lead;
  failure.details = [...problems.map((problem) => `- ${problem}`), ...hints];
  failure.json.error.problems = [...problems];
  return failure;
}

/**
 * Validates a request with core's rules before anything is sent; every problem is reported at once.
 * `where` names the field for the user: a flag (`--dob`) or a CSV column.
 */
export function validateForKind(
  kind: CheckKind,
  body: Readonly<Record<string, string>>,
  async: boolean,
  where: (field: string) => string,
): Outcome<ValidatedRequest, Failure> {
  const judged = judgeRequest(kind, body, async);
  if (judged.ok) return judged;
  return {
    ok: false,
    error: problemsFailure(judged.error.map((problem) => problemInWords(problem, body, where))),
  };
}

/** The --idempotency-key flag, checked with core's rule (quotes stripped as the service does). */
export function idempotencyKeyProblem(raw: string | undefined): Outcome<string | undefined, Problem> {
  const checked = validateIdempotencyKey(raw);
  if (checked.ok) return checked;
  return {
    ok: false,
    error: inHrWords(checked.error.message).replace(/\bIdempotency-Key\b/g, '--idempotency-key'),
  };
}
