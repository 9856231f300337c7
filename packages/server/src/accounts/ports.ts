import type { KeyMode } from './api-key.js';
import type { Plan, SubscriptionStatus } from './plans.js';

/** What the accounts domain needs from storage; src/store/ implements it in SQL. */
export interface AccountRecord {
  readonly id: string;
  readonly email: string;
  readonly plan: Plan;
  readonly subscriptionStatus: SubscriptionStatus;
  readonly createdAt: Date;
}

export interface KeyRecord {
  readonly id: string;
  readonly accountId: string;
  readonly mode: KeyMode;
  /** e.g. `rtw_live_Ab3d…`, for lists and logs; never enough to use the key. */
  readonly prefix: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

/** A request's key once authenticated, with what the gate needs to know about its account. */
export interface AuthenticatedKey {
  readonly keyId: string;
  readonly accountId: string;
  readonly mode: KeyMode;
  readonly plan: Plan;
  readonly subscriptionStatus: SubscriptionStatus;
  /** A sandbox key created without an account and not claimed yet (spec 5.5): no callback_url. */
  readonly unclaimed?: boolean;
}

/** What claiming an anonymous sandbox key did. */
export type ClaimKeyOutcome =
  | { readonly type: 'claimed'; readonly key: KeyRecord }
  | { readonly type: 'no_key' }
  | { readonly type: 'not_anonymous' }
  | { readonly type: 'no_account' };

export interface AccountsRepo {
  /**
   * Inserts the account unless one (not anonymous) has the same e-mail address in any case: then
   * nothing is written and that account's id comes back. Null: inserted.
   */
  insertAccount(account: AccountRecord): Promise<string | null>;
  /** Every account that has an owner (anonymous sandbox keys' accounts left out), oldest first. */
  listAccounts(): Promise<AccountRecord[]>;
  getAccount(id: string): Promise<AccountRecord | null>;
  /** Returns the updated account, or null when there is no such account. */
  updatePlan(id: string, plan: Plan, now: Date): Promise<AccountRecord | null>;
  updateSubscriptionStatus(id: string, status: SubscriptionStatus, now: Date): Promise<AccountRecord | null>;
  insertKey(key: KeyRecord & { readonly hash: Buffer }): Promise<void>;
  listKeys(accountId: string): Promise<KeyRecord[]>;
  /** Revokes a key that is not revoked yet; null when none matches. */
  revokeKeyByHash(hash: Buffer, now: Date): Promise<KeyRecord | null>;
  revokeKeyById(id: string, now: Date): Promise<KeyRecord | null>;
  getKeyById(id: string): Promise<KeyRecord | null>;
  findActiveKeyByHash(hash: Buffer): Promise<AuthenticatedKey | null>;
  /** The account's default callback URL for a mode (spec 6.3), decrypted; null when none is set. */
  getDefaultCallbackUrl(accountId: string, mode: KeyMode): Promise<string | null>;
  /** Sets it, or clears it with null; false when there is no such account. */
  setDefaultCallbackUrl(accountId: string, mode: KeyMode, url: string | null, now: Date): Promise<boolean>;
  /** An account of its own for an anonymous sandbox key: no owner, no e-mail, never signs in. */
  insertAnonymousAccount(id: string, now: Date): Promise<void>;
  /** Moves an anonymous account's key, and the checks it made, to `accountId`. */
  claimKey(keyId: string, accountId: string): Promise<ClaimKeyOutcome>;
}

export interface RateLimitRepo {
  /**
   * Counts one hit of `keyId` in the fixed window that starts at `windowStart` (epoch seconds) and
   * lasts `windowSeconds` (at most RATE_WINDOW_LONGEST_SECONDS); returns the window's count so far.
   */
  hit(keyId: string, windowStart: number, windowSeconds: number): Promise<number>;
  /**
   * Adds `by` (negative: gives hits back) to the window's count and returns it; `hit` is `add(…, 1)`.
   * Sign-in reserves an attempt before checking the password and gives it back unless it failed.
   */
  add(keyId: string, windowStart: number, windowSeconds: number, by: number): Promise<number>;
}

/** The longest window a caller may count in (sign-in's hour); stored windows are kept this long. */
export const RATE_WINDOW_LONGEST_SECONDS = 60 * 60;

export interface UsageCounts {
  /** Charged live checks this period. */
  readonly used: number;
  /** Live checks admitted and still running. */
  readonly reserved: number;
}

export interface ReserveInput {
  readonly reservationId: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly period: string;
  /** Admit only while used + reserved stays below this. */
  readonly ceiling: number;
  readonly now: Date;
  /**
   * The registered instance and the synchronous check holding the reservation: when that instance
   * stops heartbeating, any live instance gives it back. Absent: only the stale limit does.
   */
  readonly holder?: { readonly instanceId: string; readonly checkId: string } | undefined;
}

/** Reservations given back because the instance holding them stopped heartbeating. */
export interface OrphanRelease {
  readonly instanceId: string;
  readonly count: number;
}

export interface ChargeInput {
  readonly reservationId: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly period: string;
  readonly checkId: string;
  readonly kind: string;
  readonly plan: Plan;
  readonly includedChecks: number;
  /** Price of a check beyond the included ones. */
  readonly overagePence: number;
  readonly now: Date;
}

export interface UsageSummary extends UsageCounts {
  readonly overageChecks: number;
  readonly overagePence: number;
}

export interface UsageRepo {
  /** Atomically admits one more live check below the ceiling; `granted` false leaves nothing behind. */
  reserve(input: ReserveInput): Promise<UsageCounts & { readonly granted: boolean }>;
  /** Turns the reservation into a charge and writes the ledger line, in one transaction. */
  commit(input: ChargeInput): Promise<UsageCounts>;
  /** Gives the reservation back (the check ended with an error: errors are never charged). */
  release(reservationId: string): Promise<void>;
  /**
   * Gives back, exactly once whoever else runs it at the same time, every reservation whose holding
   * instance is no longer registered (it missed its heartbeats or was removed); asynchronous checks'
   * reservations stay with their queue entries.
   */
  releaseOrphans(): Promise<OrphanRelease[]>;
  counts(accountId: string, period: string): Promise<UsageCounts>;
  summary(accountId: string, period: string): Promise<UsageSummary>;
}
