import { fail, invalidInput, type Outcome, ok } from '@sharecode/core';
import type { CheckRequestStatus } from '@sharecode/core/check-requests';

// The list's query and cursor, read as the service reads them (packages/server/src/requests/list-query.ts).

const STATUSES: readonly CheckRequestStatus[] = ['waiting', 'submitted', 'locked', 'expired', 'cancelled'];
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export interface ListQuery {
  status: CheckRequestStatus | null;
  limit: number;
  after: { createdAt: string; id: string } | null;
}

// The cursor is opaque to clients: the page's last request, as base64url JSON (as on the service).
export function encodeCursor(createdAt: Date, id: string): string {
  const text = JSON.stringify([createdAt.toISOString(), id]);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeCursor(raw: string): ListQuery['after'] | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) return undefined;
  try {
    const padded = raw.replace(/-/g, '+').replace(/_/g, '/');
    const parsed: unknown = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4)));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string') return undefined;
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || date.toISOString() !== at) return undefined;
    return { createdAt: at, id };
  } catch {
    return undefined;
  }
}

/** The list's query, or 400 INVALID_INPUT naming the first parameter at fault (the service's words). */
export function readListQuery(params: URLSearchParams): Outcome<ListQuery> {
  const one = (name: string): string | undefined | null => {
    const all = params.getAll(name);
    return all.length === 0 ? undefined : all.length === 1 ? (all[0] ?? '') : null;
  };
  const status = one('status');
  if (status === null || (status !== undefined && !STATUSES.includes(status as CheckRequestStatus))) {
    return fail(
      invalidInput(
        'status',
        `status must be one of ${STATUSES.join(', ')}: send one, or leave it out for every status.`,
      ),
    );
  }
  const limitRaw = one('limit');
  const limit =
    limitRaw === undefined ? DEFAULT_LIMIT : /^\d{1,3}$/.test(limitRaw ?? '') ? Number(limitRaw) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) {
    return fail(
      invalidInput(
        'limit',
        `limit must be a whole number from 1 to ${MAX_LIMIT}: send one, or leave it out for ${DEFAULT_LIMIT}.`,
      ),
    );
  }
  const cursorRaw = one('cursor');
  let after: ListQuery['after'] = null;
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
