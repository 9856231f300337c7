import { type CheckError, fail, invalidInput, type Outcome, ok } from '@sharecode/core';
import type { CheckRequestStatus } from '@sharecode/core/check-requests';

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;
const STATUSES: readonly CheckRequestStatus[] = ['waiting', 'submitted', 'locked', 'expired', 'cancelled'];

export interface ListParams {
  readonly status: CheckRequestStatus | null;
  readonly limit: number;
  readonly after: { readonly createdAt: Date; readonly id: string } | null;
}

/** The cursor is opaque to clients: the last request of the page, as base64url JSON. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id]), 'utf8').toString('base64url');
}

function decodeCursor(raw: string): ListParams['after'] | undefined {
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) return undefined;
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string') return undefined;
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** A repeated query parameter arrives as a list: refused as not one value. */
const single = (raw: unknown): string | undefined | null =>
  raw === undefined ? undefined : typeof raw === 'string' ? raw : null;

/** The list's query parameters, or 400 INVALID_INPUT naming the first one at fault. */
export function readListQuery(query: Readonly<Record<string, unknown>>): Outcome<ListParams, CheckError> {
  const status = single(query.status);
  if (status === null || (status !== undefined && !STATUSES.includes(status as CheckRequestStatus))) {
    return fail(
      invalidInput(
        'status',
        `status must be one of ${STATUSES.join(', ')}: send one, or leave it out for every status.`,
      ),
    );
  }
  const limitRaw = single(query.limit);
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
  const cursorRaw = single(query.cursor);
  let after: ListParams['after'] = null;
  if (cursorRaw !== undefined) {
    const decoded = cursorRaw === null ? undefined : decodeCursor(cursorRaw);
    if (decoded === undefined || decoded === null) {
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
