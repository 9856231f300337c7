import type { CheckError } from '../errors/check-error.js';
import { invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { decodeCursor, type ListCursor } from './list-cursor.js';
import type { CheckRequestStatus } from './request-rules.js';

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;
const STATUSES: readonly CheckRequestStatus[] = ['waiting', 'submitted', 'locked', 'expired', 'cancelled'];

export interface ListParams {
  readonly status: CheckRequestStatus | null;
  readonly limit: number;
  readonly after: ListCursor | null;
}

/**
 * One parameter's value: undefined when absent, null when repeated (refused as not one value). The
 * service's parsed query gives a repeated parameter as a list; the sandbox's URLSearchParams, twice.
 */
function singleOf(query: Readonly<Record<string, unknown>> | URLSearchParams) {
  if (query instanceof URLSearchParams) {
    return (name: string): string | undefined | null => {
      const all = query.getAll(name);
      return all.length === 0 ? undefined : all.length === 1 ? (all[0] ?? '') : null;
    };
  }
  return (name: string): string | undefined | null => {
    const raw = query[name];
    return raw === undefined ? undefined : typeof raw === 'string' ? raw : null;
  };
}

/** The list's query parameters, or 400 INVALID_INPUT naming the first one at fault. */
export function readListQuery(
  query: Readonly<Record<string, unknown>> | URLSearchParams,
): Outcome<ListParams, CheckError> {
  const single = singleOf(query);
  const status = single('status');
  if (status === null || (status !== undefined && !STATUSES.includes(status as CheckRequestStatus))) {
    return fail(
      invalidInput(
        'status',
        `status must be one of ${STATUSES.join(', ')}: send one, or leave it out for every status.`,
      ),
    );
  }
  const limitRaw = single('limit');
  const limit =
    limitRaw === undefined
      ? DEFAULT_LIST_LIMIT
      : /^\d{1,3}$/.test(limitRaw ?? '')
        ? Number(limitRaw)
        : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIST_LIMIT)) {
    return fail(
      invalidInput(
        'limit',
        `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}: send one, or leave it out for ${DEFAULT_LIST_LIMIT}.`,
      ),
    );
  }
  const cursorRaw = single('cursor');
  let after: ListCursor | null = null;
  if (cursorRaw !== undefined) {
    const decoded = cursorRaw === null ? undefined : decodeCursor(cursorRaw);
    if (!decoded) {
      return fail(
        invalidInput(
          'cursor',
          'cursor is not one this service gave: send the next_cursor of the previous page unchanged, or leave it out for the first page.',
        ),
      );
    }
    after = decoded;
  }
  return ok({ status: (status ?? null) as CheckRequestStatus | null, limit, after });
}
