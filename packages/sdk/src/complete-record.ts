import type { components } from '@sharecode/contract';
import type { CheckRecord, CheckResult } from './types.js';

type Wire = components['schemas'];
type OptionalKeys<T> = { [K in keyof T]-?: Record<string, never> extends Pick<T, K> ? K : never }[keyof T];
type WireResult = Wire['RightToWorkResult'] | Wire['RightToRentResult'] | Wire['ImmigrationStatusResult'];

/**
 * The result fields the contract lets the service leave out (spec 2.2 lists only the required ones);
 * the SDK hands them over as null instead, so `expiry_date` is `string | null`, never `undefined`.
 */
const OPTIONAL_RESULT_FIELDS = [
  'nationality',
  'permission_type',
  'start_date',
  'expiry_date',
  'reference',
  'photo_data_url',
  'pdf_data_url',
] as const satisfies readonly OptionalKeys<Wire['RightToWorkResult'] | Wire['RightToRentResult']>[];

// Fails to compile when the contract gains an optional result field this list does not name.
type Unlisted = Exclude<
  | OptionalKeys<Wire['RightToWorkResult']>
  | OptionalKeys<Wire['RightToRentResult']>
  | OptionalKeys<Wire['ImmigrationStatusResult']>,
  (typeof OPTIONAL_RESULT_FIELDS)[number]
>;
const LIST_IS_COMPLETE: [Unlisted] extends [never] ? true : never = true;
void LIST_IS_COMPLETE;

/**
 * A result with every documented field present: null where the answer left it out. Only right-to-work
 * and right-to-rent results have optional fields (an immigration-status result has them all required).
 */
export function completeResult<T extends CheckResult>(result: WireResult | T): T {
  if (result.title === 'Immigration status') return result as T;
  const out: Record<string, unknown> = { ...result };
  for (const field of OPTIONAL_RESULT_FIELDS) if (out[field] === undefined) out[field] = null;
  return out as T;
}

export type RecordOrProblem = { record: CheckRecord; problem?: undefined } | { problem: string };

/**
 * Checks that a parsed body is a check record whose `status` agrees with its `result` and `error`
 * (so the narrowed types hold), and completes its result.
 */
export function completeRecord(data: unknown): RecordOrProblem {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { problem: 'is not a JSON object' };
  const record = data as Record<string, unknown>;
  if (typeof record.id !== 'string' || typeof record.status !== 'string') {
    return { problem: 'is not a check record (no id or status)' };
  }
  const result = record.result;
  if (record.status === 'succeeded' && record.result_expired !== true && !isObject(result)) {
    return { problem: 'is a succeeded check record without its result' };
  }
  if (record.status === 'failed' && !isObject(record.error)) {
    return { problem: 'is a failed check record without its error' };
  }
  const completed = isObject(result) ? { ...record, result: completeResult(result as WireResult) } : record;
  return { record: completed as unknown as CheckRecord };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
