import type { CheckResult } from '../contract.js';
import type { CheckError } from '../errors/check-error.js';
import { checkError } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import type { ValidatedRequest } from '../validation/check-request.js';
import { SANDBOX_PEOPLE } from './people.js';
import { immigrationStatusResult, rightToRentResult, rightToWorkResult } from './results.js';
import { findSandboxScenario, SANDBOX_DATE_OF_BIRTH, sandboxShareCode, scenarioAnswer } from './scenarios.js';

export interface SandboxContext {
  /** 1-based attempt; synchronous checks are attempt 1. */
  attempt: number;
  /** The clock: checked_at, check dates and permission dates derive from it. */
  now: Date;
}

/** Sandbox keys answer slot-free: BUSY asks to come back in a second, like the sandbox retry schedule. */
export const SANDBOX_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The `upgrade_url` of the sandbox's QUOTA_EXCEEDED and PAYMENT_REQUIRED scenarios (a fixed,
 * documented address: a test key has no plan to upgrade).
 */
export const SANDBOX_UPGRADE_URL = 'https://sandbox.sharecode.invalid/upgrade';

function scenarioError(code: CheckError['code']): CheckError {
  switch (code) {
    case 'BUSY':
    case 'RATE_LIMITED':
      return checkError(code, undefined, { retryAfter: SANDBOX_BUSY_RETRY_AFTER_SECONDS });
    case 'QUOTA_EXCEEDED':
    case 'PAYMENT_REQUIRED':
      return checkError(code, undefined, { upgradeUrl: SANDBOX_UPGRADE_URL });
    default:
      return checkError(code);
  }
}

/**
 * The answer for a code that is no sandbox scenario: most often a real share code sent with a test
 * key, so the message says that a test key answers only the sandbox's codes and where to find them
 * (the catalogue's "ask the applicant to check the code" would send the integrator the wrong way).
 */
export function unknownSandboxCodeError(kind: ValidatedRequest['kind']): CheckError {
  return checkError(
    'NOT_FOUND',
    `The share code is not one of the sandbox's test codes. This is a test key (rtw_test_...): it never reaches the government portal, and only the sandbox's test share codes answer, such as ${sandboxShareCode(kind, 'ACPT0001')} with date of birth ${SANDBOX_DATE_OF_BIRTH}. List them with \`rtw sandbox codes\` or see "Test share codes" in the @sharecode/sandbox README. To check a real share code, use a live key (rtw_live_...).`,
  );
}

/**
 * Runs a check against the sandbox scenarios: the result of the request's kind, or the scenario's
 * error. Deterministic for the same (request, attempt, now).
 */
export async function runSandboxCheck(
  req: ValidatedRequest,
  ctx: SandboxContext,
): Promise<Outcome<CheckResult>> {
  const scenario = findSandboxScenario(req.kind, req.request.share_code);
  if (!scenario) return fail(unknownSandboxCodeError(req.kind));
  const answer = scenarioAnswer(scenario, ctx.attempt);
  if (answer.type === 'error') return fail(scenarioError(answer.code));
  if (req.request.date_of_birth !== SANDBOX_DATE_OF_BIRTH) return fail(checkError('DOB_MISMATCH'));

  const person = SANDBOX_PEOPLE[answer.person];
  switch (req.kind) {
    case 'right_to_work':
      return ok(await rightToWorkResult(req.request, person, ctx.now));
    case 'right_to_rent':
      return ok(await rightToRentResult(req.request, person, ctx.now));
    case 'immigration_status': {
      const immigration = person.immigration;
      // The immigration-status service has no "no status" answer: such a person is not found.
      if (!immigration) return fail(checkError('NOT_FOUND'));
      return ok(await immigrationStatusResult(req.request, { ...person, immigration }, ctx.now));
    }
  }
}
