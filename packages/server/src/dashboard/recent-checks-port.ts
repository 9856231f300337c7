import type { KeyMode } from '../accounts/api-key.js';

/** Metadata of one check, for the owner's list: never the request or the result (spec: 30 days). */
export interface RecentCheck {
  readonly id: string;
  readonly kind: string;
  /** `async`: queued with POST .../async; `sync`: answered in the request. */
  readonly way: 'async' | 'sync';
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed';
  readonly errorCode: string | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

export interface RecentChecksRepo {
  /** The account's checks of `mode` created at or after `since`, newest first, at most `limit`. */
  list(accountId: string, mode: KeyMode, since: Date, limit: number): Promise<readonly RecentCheck[]>;
}

/** How far back the list goes: the 30 days the spec keeps a check's status and error code. */
export const RECENT_CHECKS_DAYS = 30;
export const RECENT_CHECKS_LIMIT = 50;
