import type { KeyMode } from '../accounts/api-key.js';
import type { StoredAsyncCheck, Transaction } from '../checks/async-ports.js';
import type { LeaseClaim, LeasedQueue, QueueTime } from '../queue/queue-ports.js';
import type { StoredCheckRequest } from '../requests/request-ports.js';
import type { AttemptOutcome, DeliveryErrorClass } from './delivery-outcome.js';
import type { WebhookEventType } from './sign-event.js';

/** `pending` (an attempt is due or running), `delivered`, `given_up` (8 failed), `failed` (a test event's one try). */
export type DeliveryState = 'pending' | 'delivered' | 'given_up' | 'failed';

/** Which event a delivery carries, for whom and where: every form of a delivery has these. */
export interface DeliveryEvent {
  readonly id: string;
  readonly eventId: string;
  readonly accountId: string;
  readonly mode: KeyMode;
  readonly checkId: string;
  readonly type: WebhookEventType;
  readonly url: string;
  /** The event's `created_at`: when the check ended. */
  readonly eventCreatedAt: Date;
}

/** A delivery queued in the transaction that ends its check (the outbox row). */
export interface NewDelivery extends DeliveryEvent {
  readonly createdAt: Date;
  /** Until when it can be (re)sent: when the check's result is deleted. */
  readonly expiresAt: Date;
}

/** One attempt's outcome as `recordAttempts` writes it. */
export interface AttemptRecord {
  readonly delivery: ClaimedDelivery;
  readonly outcome: AttemptOutcome;
  readonly attemptedAt: Date;
  readonly next: AttemptNext;
}

/** A delivery a worker holds for one attempt. */
export interface ClaimedDelivery extends DeliveryEvent {
  readonly leaseToken: string;
  readonly series: number;
  /** Attempts made in this series before this one. */
  readonly attempts: number;
  /** This claim took the delivery over from a run whose lease ran out (a lease take-over). */
  readonly takenOver?: boolean;
  /**
   * The mode's signing secret read with the claim (saving a query per attempt), or null when the
   * account has none yet; a rotation after the claim applies from the next attempt.
   */
  readonly secret: string | null;
  /**
   * The check as stored, read with the claim (its event is built from it), or null once it is gone. A
   * claim takes a batch of due deliveries with their checks in one round trip.
   */
  readonly check: StoredAsyncCheck | null;
  /** For a check request's event (its `checkId` is the request's id): the request, or null once gone. */
  readonly request?: StoredCheckRequest | null;
}

/** A delivery as the dashboard shows it. */
export interface DeliveryRecord {
  readonly id: string;
  readonly eventId: string;
  readonly checkId: string;
  readonly mode: KeyMode;
  readonly type: WebhookEventType;
  readonly url: string;
  readonly state: DeliveryState;
  readonly series: number;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly lastAttemptAt: Date | null;
  readonly lastStatusCode: number | null;
  readonly lastErrorClass: DeliveryErrorClass | null;
  /** When the next attempt is due (pending only). */
  readonly nextAttemptAt: Date | null;
  readonly completedAt: Date | null;
  readonly expiresAt: Date;
}

/** What becomes of a delivery after an attempt. */
export type AttemptNext =
  | { readonly type: 'delivered' }
  | { readonly type: 'retry'; readonly dueAt: QueueTime }
  | { readonly type: 'given_up' };

export interface ClaimDeliveriesInput extends LeaseClaim {
  readonly mode: KeyMode;
}

export type ResendRefusal = 'not_found' | 'pending' | 'expired' | 'not_resendable';

export interface WebhookSweepReport {
  readonly webhookDeliveries: number;
  readonly webhookAttempts: number;
  readonly webhookMails: number;
}

/** Storage of deliveries and their log (src/store/webhook-deliveries-repo.ts); the rows are a leased queue. */
export interface WebhookDeliveriesRepo extends LeasedQueue<ClaimedDelivery, KeyMode> {
  /** Queues a delivery inside the caller's transaction (the check's final transaction). */
  insert(transaction: Transaction, delivery: NewDelivery): Promise<void>;
  claim(input: ClaimDeliveriesInput): Promise<ClaimedDelivery[]>;
  /** Logs the attempt and moves the delivery on, in one transaction; false when the lease was lost. */
  recordAttempt(
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    attemptedAt: Date,
    next: AttemptNext,
  ): Promise<boolean>;
  /**
   * Several attempts recorded in one transaction (one commit), each as `recordAttempt` would: the
   * answer for each is whether its lease still held.
   */
  recordAttempts(attempts: readonly AttemptRecord[]): Promise<boolean[]>;
  /** A test event's one try: its delivery row (final at once) and its log line. */
  recordTestEvent(delivery: NewDelivery, outcome: AttemptOutcome, attemptedAt: Date): Promise<void>;
  recent(accountId: string, mode: KeyMode, limit: number): Promise<DeliveryRecord[]>;
  find(id: string, accountId: string, mode: KeyMode): Promise<DeliveryRecord | null>;
  /** Starts a new series of attempts (same webhook-id), due now. */
  resend(id: string, accountId: string, mode: KeyMode, now: Date): Promise<ResendRefusal | null>;
  /** True for the one caller that may send today's give-up e-mail for this account and mode. */
  claimGiveUpMail(accountId: string, mode: KeyMode, day: string, now: Date): Promise<boolean>;
  /** Gives today's e-mail back when it could not be sent, so the next give-up tries again. */
  releaseGiveUpMail(accountId: string, mode: KeyMode, day: string): Promise<void>;
  /** Deletes deliveries past their result's deletion and log lines older than 7 days. */
  sweep(now: Date): Promise<WebhookSweepReport>;
}

/** The per-account, per-mode signing secrets (src/store/webhook-secrets-repo.ts), sealed at rest. */
export interface WebhookSecretsRepo {
  /** The current secret; one is created on first use. */
  current(accountId: string, mode: KeyMode, now: Date): Promise<string>;
  /** Replaces the secret; the next attempt of every delivery is signed with the new one. */
  rotate(accountId: string, mode: KeyMode, now: Date): Promise<string>;
}
