import type { CheckKind } from '../check-kind.js';

// The contract's lists, generated from openapi.json into @sharecode/contract.
export { CHECKER_TYPES, PURPOSES } from '@sharecode/contract';

/** Fields each endpoint accepts, in the order they are checked and listed in messages. */
export const SYNC_FIELDS: Readonly<Record<CheckKind, readonly string[]>> = {
  right_to_work: ['share_code', 'date_of_birth', 'company_name', 'check'],
  right_to_rent: ['share_code', 'date_of_birth', 'checker_name', 'checker_type', 'check'],
  immigration_status: [
    'share_code',
    'date_of_birth',
    'company_name',
    'job_title',
    'purpose',
    'other_purpose',
    'check',
  ],
};

export const ASYNC_ONLY_FIELDS: readonly string[] = ['callback_url', 'client_reference'];

/** The request fields a kind of check accepts (wire names), with the asynchronous-only ones when `async`. */
export function acceptedFields(kind: CheckKind, async: boolean): readonly string[] {
  return async ? [...SYNC_FIELDS[kind], ...ASYNC_ONLY_FIELDS] : SYNC_FIELDS[kind];
}

// Fields that belong to another endpoint, with the advice to give when one arrives.
const MISPLACED: Readonly<Record<CheckKind, Readonly<Record<string, string>>>> = {
  right_to_work: {
    checker_name: 'the right-to-work check takes the organisation as company_name',
    checker_type: 'checker_type belongs to the right-to-rent check',
    job_title: 'job_title belongs to the immigration-status check',
    purpose: 'purpose belongs to the immigration-status check',
    other_purpose: 'other_purpose belongs to the immigration-status check',
  },
  right_to_rent: {
    company_name: 'the right-to-rent check takes the landlord or agent as checker_name',
    job_title: 'job_title belongs to the immigration-status check',
    purpose: 'purpose belongs to the immigration-status check',
    other_purpose: 'other_purpose belongs to the immigration-status check',
  },
  immigration_status: {
    checker_type: 'checker_type belongs to the right-to-rent check',
    checker_name: 'the immigration-status check takes the organisation as company_name',
  },
};

export function misplacedFieldAdvice(kind: CheckKind, field: string): string | undefined {
  const advice = MISPLACED[kind];
  return Object.hasOwn(advice, field) ? advice[field] : undefined;
}
