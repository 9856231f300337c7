import type { CheckKind, Outcome } from '@sharecode/core';
import type { CheckRequestStatus } from '@sharecode/core/check-requests';
import type { KeyMode } from '../accounts/api-key.js';

/** How many of a mode's check requests the dashboard lists, newest first. */
export const DASHBOARD_REQUESTS_LIMIT = 50;

/** A check request as the dashboard lists it: what the API shows of it, never the applicant's data. */
export interface DashboardCheckRequest {
  readonly id: string;
  readonly kind: CheckKind;
  readonly status: CheckRequestStatus;
  /** The checker fields' company_name, or checker_name for right to rent. */
  readonly asker: string;
  readonly failedAttempts: number;
  /** A check of the applicant's details is queued or running: it cannot be cancelled until it ends. */
  readonly checkPending: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** The account owner's view of check requests (wired in app.ts over the requests domain). */
export interface DashboardCheckRequests {
  list(accountId: string, mode: KeyMode): Promise<readonly DashboardCheckRequest[]>;
  /** Cancels a waiting request of this account and mode; the error is a sentence for the owner. */
  cancel(accountId: string, mode: KeyMode, id: string): Promise<Outcome<{ readonly id: string }, string>>;
}
