import type {
  ApplicantEmailStatus,
  ApplicantFieldError,
  CheckRequestState,
  CheckRequestStatus,
} from '@sharecode/core/check-requests';
import type { KeyMode } from '../accounts/api-key.js';
import type { StoredAsyncCheck, Transaction } from '../checks/async-ports.js';

export type { RequestCheckEndedHook } from '../checks/async-ports.js';

/** The request's own transaction, opaque here: the store hands it back to its own writes. */
export type RequestTransaction = Transaction;

/** A check request as stored, opened: its state (core's shape) and what the service needs besides. */
export interface StoredCheckRequest {
  readonly state: CheckRequestState;
  readonly accountId: string;
  /** The key that created it: the applicant's checks are made (and charged) as that key's. */
  readonly keyId: string;
  /** Checks made from it so far (numbers the attempts: each one's idempotency key). */
  readonly checksMade: number;
  /** The latest check made from it, as stored; null before the first, or once it is deleted. */
  readonly latestCheck: StoredAsyncCheck | null;
  /** The page has shown `sent` once: later reads answer closed (submitted). */
  readonly sentShown: boolean;
  /** What the applicant is told on the form: the last attempt's error, or that it could not be checked. */
  readonly lastError: ApplicantFieldError | null;
  readonly notice: 'not_now' | null;
  /** When the expired or locked event was queued (once). */
  readonly endedEventAt: Date | null;
  /** Where its ended event goes: its callback_url, else the mode's default when it was made; null: none. */
  readonly eventUrl: string | null;
}

export interface NewCheckRequest {
  readonly state: CheckRequestState;
  readonly accountId: string;
  readonly keyId: string;
  /** SHA-256 of the applicant's token, hex: the token itself is never stored. */
  readonly tokenHash: string;
  readonly eventUrl: string | null;
}

export type FinalRequestStatus = Exclude<CheckRequestStatus, 'waiting'>;

export interface ListQuery {
  readonly accountId: string;
  readonly mode: KeyMode;
  /** As of `now` (a waiting request past expiry counts as expired). */
  readonly status: CheckRequestStatus | null;
  readonly limit: number;
  /** The last request of the previous page. */
  readonly after: { readonly createdAt: Date; readonly id: string } | null;
  readonly now: Date;
}

/** Storage of check requests (src/store/check-requests-repo.ts). */
export interface CheckRequestsRepo {
  insert(request: NewCheckRequest): Promise<void>;
  /** The request if it belongs to this account and mode. */
  find(id: string, accountId: string, mode: KeyMode): Promise<StoredCheckRequest | null>;
  findByTokenHash(tokenHash: string): Promise<StoredCheckRequest | null>;
  /** Newest first (created_at, then id, descending). */
  list(query: ListQuery): Promise<StoredCheckRequest[]>;
  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (tx: RequestTransaction) => Promise<T>): Promise<T>;
  /** The request, its row locked until `tx` ends; null when there is none. */
  lock(tx: RequestTransaction, id: string): Promise<StoredCheckRequest | null>;
  /** Moves it to a final status at `at`; its personal data is sealed again for its deletion day. */
  end(tx: RequestTransaction, id: string, status: FinalRequestStatus, at: Date): Promise<void>;
  /** What the form shows next: failed attempts so far, the error, or the not-now notice. */
  recordAttempt(
    tx: RequestTransaction,
    id: string,
    attempt: {
      readonly failedAttempts: number;
      readonly error: ApplicantFieldError | null;
      readonly notice: 'not_now' | null;
    },
  ): Promise<void>;
  /** The page showed `sent`; false when another read did first. */
  markSentShown(id: string): Promise<boolean>;
  /** What became of the link's e-mail, once the mailer knows (only a `sending` one changes). */
  recordEmailStatus(id: string, status: Extract<ApplicantEmailStatus, 'sent' | 'failed'>): Promise<void>;
  markEndedEvent(tx: RequestTransaction, id: string, at: Date): Promise<void>;
  /** Ids of waiting requests past `expires_at` with no check pending, oldest expiry first. */
  dueForExpiry(now: Date, limit: number): Promise<string[]>;
}

/** Where a request's ended event goes: a delivery queued in the transaction that ends it. */
export interface RequestEventSink {
  enqueue(
    tx: RequestTransaction,
    event: {
      readonly type: 'check_request.expired' | 'check_request.locked';
      readonly requestId: string;
      readonly accountId: string;
      readonly mode: KeyMode;
      readonly url: string;
      readonly createdAt: Date;
      /** Until when it can be (re)sent: when the request's personal data is deleted. */
      readonly expiresAt: Date;
    },
  ): Promise<void>;
}
