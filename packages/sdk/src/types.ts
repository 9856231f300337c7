import type { components } from '@sharecode/contract';

// Short names for the contract's schemas; field names stay exactly as on the wire. Results and
// check records are handed over in a stricter shape than the contract's (see complete-record.ts):
// every documented field is present (null where the answer had none), and a record's `status`
// tells which of `result` and `error` is set.
type Wire = components['schemas'];

/** The contract's optional fields made present: `T[K] | null`, never `undefined`. */
type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type RightToWorkRequest = Wire['RightToWorkRequest'];
export type RightToRentRequest = Wire['RightToRentRequest'];
export type ImmigrationStatusRequest = Wire['ImmigrationStatusRequest'];
export type RightToWorkAsyncRequest = Wire['RightToWorkAsyncRequest'];
export type RightToRentAsyncRequest = Wire['RightToRentAsyncRequest'];
export type ImmigrationStatusAsyncRequest = Wire['ImmigrationStatusAsyncRequest'];
/** A right-to-work result; `title` is always `Right to work`. */
export type RightToWorkResult = Complete<Wire['RightToWorkResult']>;
/** A right-to-rent result; `title` is always `Right to rent`. */
export type RightToRentResult = Complete<Wire['RightToRentResult']>;
/** An immigration-status result; `title` is always `Immigration status`. */
export type ImmigrationStatusResult = Complete<Wire['ImmigrationStatusResult']>;
/** Any result; `result.title` tells the kinds apart. */
export type CheckResult = RightToWorkResult | RightToRentResult | ImmigrationStatusResult;
export type CheckStatus = Wire['CheckStatus'];
export type ErrorCode = Wire['ErrorCode'];
export type ErrorBody = Wire['ErrorBody'];
/** What a failed check carries: the code and message the synchronous call would have answered. */
export type CheckError = NonNullable<Wire['CheckRecord']['error']>;

type RecordFields = Omit<Wire['CheckRecord'], 'status' | 'result' | 'error' | 'result_expired'>;

/** A check not finished yet: `queued`, or `running` (also while a retry waits). */
export interface PendingCheck extends RecordFields {
  status: 'queued' | 'running';
  result: null;
  error: null;
  result_expired: false;
}

/** A succeeded check whose result is still kept (7 days after the end). */
export interface SucceededCheck<R extends CheckResult = CheckResult> extends RecordFields {
  status: 'succeeded';
  result: R;
  error: null;
  result_expired: false;
}

/** A succeeded check whose result was deleted 7 days after it ended; status and times stay. */
export interface ExpiredCheck extends RecordFields {
  status: 'succeeded';
  result: null;
  error: null;
  result_expired: true;
}

/** A failed check; its error stays readable after the 7 days too. */
export interface FailedCheck extends RecordFields {
  status: 'failed';
  result: null;
  error: CheckError;
  result_expired: boolean;
}

/**
 * An asynchronous check as it stands, narrowed by `status` (and `result_expired` for a succeeded
 * check past its 7 days). `R` is the result's kind: the creates and `waitForCheck` keep it; a record
 * read by id narrows by `result.title`.
 */
export type CheckRecord<R extends CheckResult = CheckResult> =
  | PendingCheck
  | SucceededCheck<R>
  | ExpiredCheck
  | FailedCheck;

/** Sent when an asynchronous check succeeds; `data` holds the result. */
export interface CheckSucceededEvent {
  type: 'check.succeeded';
  created_at: string;
  data: SucceededCheck;
}

/** Sent when an asynchronous check fails after any retries; `data.error.code` says why. */
export interface CheckFailedEvent {
  type: 'check.failed';
  created_at: string;
  data: FailedCheck;
}

/** Sent to test an endpoint: a fixed succeeded sandbox check of WACPT0001. */
export interface CheckTestEvent {
  type: 'check.test';
  created_at: string;
  data: SucceededCheck<RightToWorkResult>;
}

/** Any event the service posts to a callback URL; `type` says which. */
export type WebhookEvent = CheckSucceededEvent | CheckFailedEvent | CheckTestEvent;
