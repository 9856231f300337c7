import type { CheckKind } from '../check-kind.js';
import { CHECK_KINDS, kindInfo } from '../check-kind.js';
import type { ErrorCode } from '../contract.js';
import { ERROR_CATALOGUE } from '../errors/error-catalogue.js';
import type { SandboxPerson } from './people.js';

/** What one run of a sandbox check answers. */
export type ScenarioAnswer =
  | { type: 'result'; person: SandboxPerson['id'] }
  | { type: 'error'; code: ErrorCode };

export interface SandboxScenario {
  /** The code after the purpose letter: `W` + suffix, `R` + suffix, `S` + suffix. */
  suffix: string;
  description: string;
  /** Kinds the code exists for; on the others it is an unknown code (NOT_FOUND). */
  kinds: readonly CheckKind[];
  /** The synchronous answer (the first attempt). */
  sync: ScenarioAnswer;
  /**
   * The answer of each attempt of an asynchronous check, until it ends; attempts beyond the list
   * repeat the last answer.
   */
  attempts: readonly ScenarioAnswer[];
}

/** Every found sandbox person is born on this day; any other date of birth answers DOB_MISMATCH. */
export const SANDBOX_DATE_OF_BIRTH = '1990-01-01';

const result = (person: SandboxPerson['id']): ScenarioAnswer => ({ type: 'result', person });
const error = (code: ErrorCode): ScenarioAnswer => ({ type: 'error', code });

/** Answers the same on every run: the synchronous check and its one asynchronous attempt. */
function steady(
  suffix: string,
  description: string,
  answer: ScenarioAnswer,
  kinds: readonly CheckKind[] = CHECK_KINDS,
): SandboxScenario {
  return { suffix, description, kinds, sync: answer, attempts: [answer] };
}

/** Fails with `code` on every run: asynchronously, on each of the attempts the code is retried for. */
function failing(suffix: string, description: string, code: ErrorCode): SandboxScenario {
  const attempts = ERROR_CATALOGUE[code].asyncRetry?.maxAttempts ?? 1;
  return {
    suffix,
    description,
    kinds: CHECK_KINDS,
    sync: error(code),
    attempts: Array.from({ length: attempts }, () => error(code)),
  };
}

export const SANDBOX_SCENARIOS: readonly SandboxScenario[] = [
  steady('ACPT0001', 'ACCEPTED, time-limited (expiry a year ahead), sponsor conditions', result('ACPT0001')),
  steady('ACPT0002', 'ACCEPTED, student: term-time hours limit among the conditions', result('ACPT0002')),
  steady('NOEX0001', 'ACCEPTED, no time limit (settled status), no conditions', result('NOEX0001')),
  steady(
    'REJT0001',
    'REJECTED (right to work and right to rent only: an immigration-status result is always ACCEPTED)',
    result('REJT0001'),
    ['right_to_work', 'right_to_rent'],
  ),
  failing('NFND0001', '404 NOT_FOUND', 'NOT_FOUND'),
  failing('TIME0001', '504 TIMEOUT (asynchronous: 3 attempts, then failed)', 'TIMEOUT'),
  failing('BUSY0001', '503 BUSY with Retry-After (asynchronous: 3 attempts, then failed)', 'BUSY'),
  failing(
    'UPEX0001',
    '502 UPSTREAM_UNEXPECTED (asynchronous: 2 attempts, then failed)',
    'UPSTREAM_UNEXPECTED',
  ),
  failing('FAIL0001', '500 INTERNAL (asynchronous: 3 attempts, then failed)', 'INTERNAL'),
  // The service answers these three at admission, before any run; the sandbox answers them as the
  // run's answer, so a synchronous call gets exactly the service's answer (status, Retry-After,
  // upgrade_url) and an asynchronous check fails with the code after its one attempt.
  failing(
    'RATE0001',
    '429 RATE_LIMITED with Retry-After: 1 (asynchronous: 1 attempt, then failed)',
    'RATE_LIMITED',
  ),
  failing(
    'QUOT0001',
    '402 QUOTA_EXCEEDED with upgrade_url (asynchronous: 1 attempt, then failed)',
    'QUOTA_EXCEEDED',
  ),
  failing(
    'PAYR0001',
    '402 PAYMENT_REQUIRED with upgrade_url (asynchronous: 1 attempt, then failed)',
    'PAYMENT_REQUIRED',
  ),
  {
    suffix: 'RTRY0001',
    description:
      'asynchronous: attempt 1 UPSTREAM_UNEXPECTED, attempt 2 succeeds as ACPT0001; synchronous: UPSTREAM_UNEXPECTED',
    kinds: CHECK_KINDS,
    sync: error('UPSTREAM_UNEXPECTED'),
    attempts: [error('UPSTREAM_UNEXPECTED'), result('ACPT0001')],
  },
  {
    suffix: 'RTRY0002',
    description:
      'asynchronous: attempts 1 and 2 TIMEOUT, attempt 3 succeeds as ACPT0001; synchronous: TIMEOUT',
    kinds: CHECK_KINDS,
    sync: error('TIMEOUT'),
    attempts: [error('TIMEOUT'), error('TIMEOUT'), result('ACPT0001')],
  },
];

/** The sandbox share code of a scenario for one kind, e.g. `WACPT0001`. */
export function sandboxShareCode(kind: CheckKind, suffix: string): string {
  return `${kindInfo(kind).shareCodeLetter}${suffix}`;
}

/** The scenario a normalised share code opens for this kind, or undefined (the portal would not find it). */
export function findSandboxScenario(kind: CheckKind, shareCode: string): SandboxScenario | undefined {
  if (shareCode.charAt(0) !== kindInfo(kind).shareCodeLetter) return undefined;
  const suffix = shareCode.slice(1);
  return SANDBOX_SCENARIOS.find((scenario) => scenario.suffix === suffix && scenario.kinds.includes(kind));
}

/** The answer of attempt `attempt` (1-based); attempts past the list repeat its last answer. */
export function scenarioAnswer(scenario: SandboxScenario, attempt: number): ScenarioAnswer {
  const index = Math.min(Math.max(Math.floor(attempt), 1), scenario.attempts.length) - 1;
  return scenario.attempts[index] ?? scenario.sync;
}
