import type { CheckKind, CheckRecord, CheckResult, ErrorCode, Outcome } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import type { KeyMode } from '../accounts/api-key.js';
import type { UsageRepo } from '../accounts/ports.js';
import type { Reservation } from '../accounts/quota.js';
import type { LeaseClaim, LeasedQueue, QueueTime } from '../queue/queue-ports.js';

/**
 * A transaction of the store, opaque to the domain: the domain hands it back to the store's own writes
 * (an outbox row in the check's final transaction) and asks it to run work once it has committed.
 */
export interface Transaction {
  /** Runs `fn` once the transaction has committed; never if it rolls back. */
  afterCommit(fn: () => void): void;
}

export type AsyncCheckStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What a check is and whose: every form of an asynchronous check carries these. */
export interface AsyncCheckIdentity {
  readonly id: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly mode: KeyMode;
  readonly kind: CheckKind;
  /** The X-Request-Id of the POST that queued it. */
  readonly requestId: string;
}

/** An asynchronous check as stored, decrypted: the fields of its record and who it belongs to. */
export interface StoredAsyncCheck extends AsyncCheckIdentity {
  readonly status: AsyncCheckStatus;
  /** Runs started (a run lost to a dead process is started again as the same attempt). */
  readonly attempts: number;
  /** Null when none was sent, and once the result is deleted (7 days after the end). */
  readonly clientReference: string | null;
  readonly callbackUrl: string | null;
  /** Null unless succeeded, and once deleted. */
  readonly result: CheckResult | null;
  readonly error: { readonly code: ErrorCode; readonly message: string } | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
  readonly resultExpiresAt: Date | null;
  /** True once the retention sweep has deleted the result, client_reference and callback_url. */
  readonly resultExpired: boolean;
  /** When the check is deleted altogether (30 days after the end); null before it ends. */
  readonly statusExpiresAt: Date | null;
  /** The check request whose applicant's details it checks; null for a check posted directly. */
  readonly checkRequestId: string | null;
}

/** A check about to be queued (the row written in the creation transaction). */
export interface NewAsyncCheck extends AsyncCheckIdentity {
  readonly request: ValidatedRequest;
  /** core's requestFingerprint: tells an Idempotency-Key replay from a reuse. Stored sealed. */
  readonly fingerprint: string;
  /** Stored as its SHA-256 only. */
  readonly idempotencyKey: string | null;
  readonly clientReference: string | null;
  readonly callbackUrl: string | null;
  /** The live quota reservation the check holds until it ends; null for sandbox checks. */
  readonly reservation: Reservation | null;
  readonly createdAt: Date;
  /** Set for a check made from a check request: the request then names it as its latest check. */
  readonly checkRequestId?: string | null;
}

/** A check a worker has claimed for one run, with what the run and its end need. */
export interface ClaimedCheck extends AsyncCheckIdentity {
  /** The attempt this run is (1-based). */
  readonly attempt: number;
  /** Runs of this check lost to dead processes or expired leases, this claim included. */
  readonly lostRuns: number;
  /** This claim took the check over from a run whose lease ran out (a lease take-over). */
  readonly takenOver?: boolean;
  /** Proof of the claim: every later write of this run is conditional on it. */
  readonly leaseToken: string;
  readonly request: ValidatedRequest;
  readonly reservation: Reservation | null;
}

/** What the creation transaction can do, under the account-and-mode lock. */
export interface AsyncCheckCreation {
  findByIdempotencyKey(
    idempotencyKey: string,
  ): Promise<{ readonly check: StoredAsyncCheck; readonly fingerprint: string } | null>;
  /** Checks of this account queued or running, in either mode (spec 8.3's limit is per account). */
  countInProgress(): Promise<number>;
  /** The usage counters inside the same transaction, so a reservation exists exactly when its check does. */
  readonly usage: UsageRepo;
  insert(check: NewAsyncCheck): Promise<void>;
}

/** What the final transaction offers to the code that ends a check (charge, listener). */
export interface AsyncCheckEnding {
  readonly usage: UsageRepo;
  readonly transaction: Transaction;
}

export interface ClaimInput extends LeaseClaim {
  readonly mode: KeyMode;
}

export interface FinishInput {
  readonly id: string;
  readonly leaseToken: string;
  readonly outcome: Outcome<CheckResult>;
  readonly endedAt: Date;
}

/** Storage of asynchronous checks (src/store/async-checks-repo.ts); the rows are a leased queue. */
export interface AsyncChecksRepo extends LeasedQueue<ClaimedCheck, KeyMode> {
  /** Runs `fn` in one transaction holding the lock of the account and mode: creation is serialised per account and mode. */
  create<T>(accountId: string, mode: KeyMode, fn: (tx: AsyncCheckCreation) => Promise<T>): Promise<T>;
  /** The check if it belongs to this account and mode. */
  find(id: string, accountId: string, mode: KeyMode): Promise<StoredAsyncCheck | null>;
  /** Takes up to `limit` due checks of `mode` (queued, waiting for a retry, or with an expired lease). */
  claim(input: ClaimInput): Promise<ClaimedCheck[]>;
  /** Gives the check back until `dueAt`, for its next attempt; false when the lease was lost. */
  scheduleRetry(id: string, leaseToken: string, dueAt: QueueTime): Promise<boolean>;
  /**
   * Ends the check with one conditional UPDATE (lease held, status not final) and runs `within` in the
   * same transaction. Null when the lease was lost: nothing is written.
   */
  finish(
    input: FinishInput,
    within: (ending: AsyncCheckEnding, ended: StoredAsyncCheck) => Promise<void>,
  ): Promise<StoredAsyncCheck | null>;
}

export interface CheckEndedContext {
  readonly accountId: string;
  readonly mode: KeyMode;
  readonly kind: CheckKind;
  /** Fixed when the check was queued: the request's callback_url, else the account's default for the mode. */
  readonly callbackUrl: string;
}

/**
 * The hook of webhook delivery. Called exactly once per check that ends (succeeded or failed) with a
 * callback URL, INSIDE the transaction of the final transition, with that transaction:
 * - `record` is the record as it is at that moment (the `data` of the event), result included.
 * - Write what delivery needs (say, a delivery job) through `transaction`, so the job exists exactly
 *   when the check has ended: a crash cannot lose it or create it for a check that did not end.
 * - Do no network I/O here and keep it short: the transaction holds the check's row and the account's
 *   usage counter.
 * - A throw rolls the final transition back: the run's outcome is dropped and the check runs again
 *   once its lease runs out (counted as a lost run).
 */
export interface CheckEndedListener {
  onCheckEnded(record: CheckRecord, context: CheckEndedContext, transaction: Transaction): Promise<void>;
}

/**
 * Told of every check made from a check request when it ends, INSIDE its final transaction (as the
 * CheckEndedListener, and under the same rules), so the request's new state commits with the check's.
 */
export interface RequestCheckEndedHook {
  onCheckEnded(check: StoredAsyncCheck, transaction: Transaction): Promise<void>;
}

/** Wired until webhook delivery exists: checks end poll-only. */
export const noCheckEndedListener: CheckEndedListener = {
  async onCheckEnded() {},
};
