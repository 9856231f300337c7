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

// `check_request_id` stays optional, as on the wire: present only on a check made from a check request.
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

/** Sent once when a check request passes `expires_at` unused: chase the applicant, or make a new request. */
export interface CheckRequestExpiredEvent {
  type: 'check_request.expired';
  created_at: string;
  data: ExpiredCheckRequest;
}

/** Sent when the third failed attempt locks a check request's link. */
export interface CheckRequestLockedEvent {
  type: 'check_request.locked';
  created_at: string;
  data: LockedCheckRequest;
}

/** Any event the service posts to a callback URL; `type` says which. */
export type WebhookEvent =
  | CheckSucceededEvent
  | CheckFailedEvent
  | CheckTestEvent
  | CheckRequestExpiredEvent
  | CheckRequestLockedEvent;

// Check requests: a link the applicant fills in. Narrowed by `kind` (the checker fields, and the
// result type of the check made) and by `status` (which `check` and `ended_at` can hold).

/** Which check a request makes. */
export type CheckRequestKind = Wire['CheckRequest']['kind'];
/** `waiting` (open), then one final status: `submitted`, `locked`, `expired` or `cancelled`. */
export type CheckRequestStatus = Wire['CheckRequestStatus'];
/**
 * What became of the link's e-mail (`applicant_email_status`): null without `applicant_email`;
 * `sending`, then `sent` or `failed`; `not_sent` when the service has no mail settings (send the link
 * yourself).
 */
export type ApplicantEmailStatus = Wire['ApplicantEmailStatus'];
// `expires_in_days` has a default (14), so it may be left out of what you send.
type Sent<T extends { expires_in_days: number }> = Flat<
  Omit<T, 'expires_in_days'> & { expires_in_days?: number | undefined }
>;
export type RightToWorkCheckRequestCreate = Sent<Wire['RightToWorkCheckRequestCreate']>;
export type RightToRentCheckRequestCreate = Sent<Wire['RightToRentCheckRequestCreate']>;
export type ImmigrationStatusCheckRequestCreate = Sent<Wire['ImmigrationStatusCheckRequestCreate']>;
/** The body of `createCheckRequest`: `kind` and that kind's checker fields. */
export type CheckRequestCreate =
  | RightToWorkCheckRequestCreate
  | RightToRentCheckRequestCreate
  | ImmigrationStatusCheckRequestCreate;

interface ByKind {
  right_to_work: { wire: Wire['RightToWorkCheckRequest']; result: RightToWorkResult };
  right_to_rent: { wire: Wire['RightToRentCheckRequest']; result: RightToRentResult };
  immigration_status: { wire: Wire['ImmigrationStatusCheckRequest']; result: ImmigrationStatusResult };
}

/** The result type of the check a request of kind `K` makes. */
export type CheckRequestResultOf<K extends CheckRequestKind> = ByKind[K]['result'];

// One flat object per kind (distributes over a union of kinds, so `kind` still narrows).
type RequestOf<K extends CheckRequestKind, S> = K extends CheckRequestKind
  ? Flat<Omit<ByKind[K]['wire'], keyof S> & S>
  : never;
type Flat<T> = { [P in keyof T]: T[P] };

/**
 * Open: no check made from it has succeeded yet. `check` is the latest check made from it: pending
 * while the applicant's details are checked, failed after an attempt that failed (or that could not
 * be made: the applicant may try again later), or null.
 */
export type WaitingCheckRequest<K extends CheckRequestKind = CheckRequestKind> = RequestOf<
  K,
  { status: 'waiting'; ended_at: null; check: PendingCheck | FailedCheck | null }
>;

/**
 * Used: the applicant's details made a check that succeeded; `check` holds it with the kind's
 * result (`result_expired: true` and a null result once deleted, 7 days after it ended).
 */
export type SubmittedCheckRequest<K extends CheckRequestKind = CheckRequestKind> = K extends CheckRequestKind
  ? RequestOf<
      K,
      {
        status: 'submitted';
        ended_at: string;
        check: SucceededCheck<CheckRequestResultOf<K>> | ExpiredCheck;
      }
    >
  : never;

/** Three failed attempts locked the link; `check` is the last check made (failed), or null. */
export type LockedCheckRequest<K extends CheckRequestKind = CheckRequestKind> = RequestOf<
  K,
  { status: 'locked'; ended_at: string; check: FailedCheck | null }
>;

/** Not used before `expires_at`; `check` is the last check made (failed), or null. */
export type ExpiredCheckRequest<K extends CheckRequestKind = CheckRequestKind> = RequestOf<
  K,
  { status: 'expired'; ended_at: string; check: FailedCheck | null }
>;

/** Cancelled by you (`cancelCheckRequest`); `check` is the last check made from it, or null. */
export type CancelledCheckRequest<K extends CheckRequestKind = CheckRequestKind> = K extends CheckRequestKind
  ? RequestOf<
      K,
      { status: 'cancelled'; ended_at: string; check: CheckRecord<CheckRequestResultOf<K>> | null }
    >
  : never;

/** A check request of kind `K` in any status; narrow on `status` (and on `kind` when `K` is a union). */
export type CheckRequestOf<K extends CheckRequestKind> =
  | WaitingCheckRequest<K>
  | SubmittedCheckRequest<K>
  | LockedCheckRequest<K>
  | ExpiredCheckRequest<K>
  | CancelledCheckRequest<K>;

/** Any check request: narrows on `kind` and on `status`. */
export type CheckRequest = CheckRequestOf<CheckRequestKind>;

/** A check request in a final status: what `waitForCheckRequest` resolves with. */
export type EndedCheckRequest<K extends CheckRequestKind = CheckRequestKind> = Exclude<
  CheckRequestOf<K>,
  { status: 'waiting' }
>;

/** What `createCheckRequest` answers: a new waiting request whose `url` is the applicant's link (shown only here). */
export type CreatedCheckRequest<K extends CheckRequestKind = CheckRequestKind> = RequestOf<
  K,
  { status: 'waiting'; url: string; ended_at: null; check: null }
>;

/** One page of `listCheckRequests`, newest first; pass `next_cursor` as `cursor` for the next (null: the last page). */
export interface CheckRequestPage {
  data: CheckRequest[];
  next_cursor: string | null;
}
