import {
  CHECK_KINDS,
  type CheckKind,
  type CheckResult,
  ERROR_CATALOGUE,
  type ErrorCode,
  retryDecision,
} from '@sharecode/core';
import {
  runSandboxCheck,
  SANDBOX_DATE_OF_BIRTH,
  SANDBOX_SCENARIOS,
  sandboxShareCode,
} from '@sharecode/core/sandbox';
import { validateCheckRequest } from '@sharecode/core/validation';
import { inHrWords } from '../../src/render/hr-words.js';

/** Flags a complete request of each kind needs besides the share code and the date of birth. */
export const KIND_FLAGS: Record<CheckKind, string[]> = {
  right_to_work: ['--company', 'Acme Ltd'],
  right_to_rent: ['--checker-name', 'Jo Smith', '--checker-type', 'landlord'],
  immigration_status: [
    '--company',
    'Acme Bank, Leeds',
    '--job-title',
    'Account manager',
    '--purpose',
    'travel',
  ],
};

const WIRE_BODY: Record<CheckKind, Record<string, string>> = {
  right_to_work: { company_name: 'Acme Ltd' },
  right_to_rent: { checker_name: 'Jo Smith', checker_type: 'landlord' },
  immigration_status: { company_name: 'Acme Bank, Leeds', job_title: 'Account manager', purpose: 'travel' },
};

export const KIND_NAME: Record<CheckKind, string> = {
  right_to_work: 'right-to-work',
  right_to_rent: 'right-to-rent',
  immigration_status: 'immigration-status',
};

export type Expected = { type: 'result'; result: CheckResult } | { type: 'error'; code: ErrorCode };

export interface ScenarioCase {
  kind: CheckKind;
  suffix: string;
  shareCode: string;
  description: string;
  /** What a synchronous check answers (core's own sandbox run: the sandbox answers from it). */
  sync: Expected;
  /** How an asynchronous check ends, after core's retry policy, and in how many attempts. */
  async: { end: Expected; attempts: number };
}

async function answer(kind: CheckKind, shareCode: string, attempt: number): Promise<Expected> {
  const validated = validateCheckRequest(
    kind,
    { share_code: shareCode, date_of_birth: SANDBOX_DATE_OF_BIRTH, ...WIRE_BODY[kind] },
    { async: false, now: new Date() },
  );
  if (!validated.ok) return { type: 'error', code: validated.error.code };
  const run = await runSandboxCheck(validated.value, { attempt, now: new Date() });
  return run.ok ? { type: 'result', result: run.value } : { type: 'error', code: run.error.code };
}

/**
 * Every (kind, scenario) pair of the test-code table, with the answers core says the sandbox gives.
 * Scenarios a kind does not have (REJT0001 for immigration status) answer as unknown codes do.
 */
export async function scenarioCases(): Promise<ScenarioCase[]> {
  const cases: ScenarioCase[] = [];
  for (const kind of CHECK_KINDS) {
    for (const scenario of SANDBOX_SCENARIOS) {
      const shareCode = sandboxShareCode(kind, scenario.suffix);
      let attempt = 1;
      let end = await answer(kind, shareCode, attempt);
      while (end.type === 'error' && retryDecision(end.code, attempt).retry) {
        attempt++;
        end = await answer(kind, shareCode, attempt);
      }
      cases.push({
        kind,
        suffix: scenario.suffix,
        shareCode,
        description: scenario.description,
        sync: await answer(kind, shareCode, 1),
        async: { end, attempts: attempt },
      });
    }
  }
  return cases;
}

/** The exit codes the README and `rtw --help` document, written out rather than derived. */
const EXIT_BY_CODE: Record<ErrorCode, number> = {
  INVALID_INPUT: 2,
  UNAUTHENTICATED: 3,
  INVALID_KEY: 3,
  QUOTA_EXCEEDED: 3,
  PAYMENT_REQUIRED: 3,
  NOT_FOUND: 4,
  DOB_MISMATCH: 4,
  CHECK_NOT_FOUND: 4,
  CHECK_REQUEST_NOT_FOUND: 4,
  CHECK_REQUEST_CLOSED: 12,
  CHECK_REQUEST_CHECKING: 5,
  RATE_LIMITED: 5,
  INTERNAL: 5,
  UPSTREAM_UNEXPECTED: 5,
  BUSY: 5,
  TIMEOUT: 5,
};

export function exitCodeFor(code: ErrorCode): number {
  return EXIT_BY_CODE[code];
}

/** The catalogue's action as the CLI prints it: in HR words (no header names). */
export function actionFor(code: ErrorCode): string {
  return inHrWords(ERROR_CATALOGUE[code].action);
}

export const DOB = SANDBOX_DATE_OF_BIRTH;

/** `rtw check <kind> --sandbox` of `code`, with the sandbox's date of birth and the kind's fields. */
export function sandboxCheck(kind: CheckKind, code: string): string[] {
  return [
    'check',
    KIND_NAME[kind],
    '--sandbox',
    '--share-code',
    code,
    '--dob',
    SANDBOX_DATE_OF_BIRTH,
    ...KIND_FLAGS[kind],
  ];
}

/** The same, filed in `register`, then `extra`. */
export function sandboxCheckArgs(
  kind: CheckKind,
  code: string,
  register: string,
  extra: string[] = [],
): string[] {
  return [...sandboxCheck(kind, code), '--register', register, ...extra];
}
