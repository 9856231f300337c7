import type { components } from '@sharecode/contract';
import { completeRecord } from './complete-record.js';
import { type Field, isObject, recordProblem, type Spec, specProblem } from './result-shape.js';
import type { CheckRecord, CheckRequest } from './types.js';

type Wire = components['schemas'];

// The fields every request carries, typed against the contract (a renamed field fails to compile).
const COMMON: Spec<Omit<Wire['RightToWorkCheckRequest'], 'company_name' | 'check'>> = {
  id: 's',
  kind: ['right_to_work', 'right_to_rent', 'immigration_status'],
  status: ['waiting', 'submitted', 'locked', 'expired', 'cancelled'],
  mode: ['live', 'test'],
  url: 'n',
  client_reference: 'n',
  callback_url: 'n',
  applicant_email: 'n',
  applicant_email_status: 'n',
  failed_attempts: 'i',
  expires_at: 's',
  created_at: 's',
  ended_at: 'n',
};

const CHECKER: Record<CheckRequest['kind'], Readonly<Record<string, Field>>> = {
  right_to_work: { company_name: 's' },
  right_to_rent: { checker_name: 's', checker_type: ['landlord', 'agent'] },
  immigration_status: { company_name: 's', job_title: 's', purpose: 's', other_purpose: 'o' },
};

// Which statuses of the check each request status allows (so the narrowed types hold).
const CHECK_STATUSES: Record<CheckRequest['status'], readonly (string | null)[]> = {
  waiting: [null, 'queued', 'running', 'failed'],
  submitted: ['succeeded'],
  locked: [null, 'failed'],
  expired: [null, 'failed'],
  cancelled: [null, 'queued', 'running', 'succeeded', 'failed'],
};

export type RequestOrProblem = { request: CheckRequest; problem?: undefined } | { problem: string };

/**
 * Checks that a parsed body is a check request of the contract whose `status` agrees with its
 * `check` and `ended_at`, and completes its check record as `getCheck` would.
 */
export function completeCheckRequest(data: unknown): RequestOrProblem {
  if (!isObject(data)) return { problem: 'is not a JSON object' };
  const common = specProblem(data, COMMON);
  if (common !== undefined) return { problem: `is not a check request: it ${common}` };
  const kind = data.kind as CheckRequest['kind'];
  const status = data.status as CheckRequest['status'];
  const checker = specProblem(data, CHECKER[kind]);
  if (checker !== undefined) return { problem: `is not a ${kind} check request: it ${checker}` };
  if ((status === 'waiting') !== (data.ended_at === null)) {
    return { problem: `is a ${status} check request with ended_at ${String(data.ended_at)}` };
  }
  let check: CheckRecord | null = null;
  if (data.check !== null) {
    const problem = recordProblem(data.check);
    if (problem !== undefined) return { problem: `is a check request whose check ${problem}` };
    const completed = completeRecord(data.check);
    if (completed.problem !== undefined)
      return { problem: `is a check request whose check ${completed.problem}` };
    check = completed.record;
  }
  if (!CHECK_STATUSES[status].includes(check === null ? null : check.status)) {
    return {
      problem: `is a ${status} check request whose check is ${check === null ? 'null' : check.status}`,
    };
  }
  return { request: { ...data, check } as CheckRequest };
}
