import type { CheckRecord } from '@sharecode/core';
import {
  type ApplicantFieldError,
  afterFailedAttempt,
  type CheckRequest,
  checkRequestRecord,
  statusAt,
  verdictOfCheck,
} from '@sharecode/core/check-requests';
import type { StoredCheck } from './check-store.js';
import { checkEndSignal, type StoredRequest } from './request-store.js';

/** Sends a request's `check_request.*` event (the sandbox's webhook sender). */
export type RequestEventSender = (
  type: 'check_request.expired' | 'check_request.locked',
  record: CheckRequest,
  url: string | null,
) => void;

/** The wire record of a request as of `now` (`url` only in the create's answer), as the service answers it. */
export function requestRecord(stored: StoredRequest, now: Date, url: string | null = null): CheckRequest {
  const latest: CheckRecord | null = stored.checks.at(-1)?.record ?? null;
  return checkRequestRecord(stored.state, latest, now, url);
}

/**
 * The service's transitions of a request, on the sandbox's in-memory state: the check's verdict,
 * failed attempts (the third locks), and expiry. Each sends the request's event at most once.
 */
export class RequestEndings {
  readonly #send: RequestEventSender;

  constructor(send: RequestEventSender) {
    this.#send = send;
  }

  /**
   * Records a waiting request past `expires_at` as expired, with its event. The service's sweep does
   * it periodically; the sandbox does it when the request is next read, so an injected clock decides.
   */
  expireIfDue(stored: StoredRequest, now: Date): void {
    const { state } = stored;
    if (state.status !== 'waiting' || statusAt(state, now) !== 'expired') return;
    // The request ended when it expired, not when it was noticed.
    this.#end(stored, 'expired', state.expires_at, now);
  }

  /** One more failed attempt, with the error the form shows; the third locks the request. */
  failedAttempt(stored: StoredRequest, error: ApplicantFieldError, now: Date): 'waiting' | 'locked' {
    const next = afterFailedAttempt(stored.state.failed_attempts);
    stored.state.failed_attempts = next.failed_attempts;
    stored.lastError = error;
    stored.notice = null;
    if (next.status === 'locked') this.#end(stored, 'locked', now, now);
    return next.status;
  }

  /** A check made from `stored` ended: its verdict decides the request (unless it was cancelled meanwhile). */
  checkEnded(stored: StoredRequest, check: StoredCheck, now: Date): void {
    const { state } = stored;
    state.check_pending = false;
    const signal = stored.endCheck;
    Object.assign(stored, checkEndSignal());
    try {
      if (state.status !== 'waiting' || stored.checks.at(-1) !== check) return;
      const record = check.record;
      if (record.status !== 'succeeded' && record.status !== 'failed') return;
      const verdict = verdictOfCheck({ status: record.status, error: record.error });
      const at = record.completed_at === null ? now : new Date(record.completed_at);
      if (verdict.type === 'submitted') {
        stored.lastError = null;
        stored.notice = null;
        state.status = 'submitted';
        state.ended_at = at;
      } else if (verdict.type === 'failed') {
        this.failedAttempt(stored, verdict.error, at);
      } else if (verdict.type === 'not_now') {
        stored.lastError = null;
        stored.notice = 'not_now';
      }
    } finally {
      signal();
    }
  }

  #end(stored: StoredRequest, status: 'expired' | 'locked', at: Date, now: Date): void {
    stored.state.status = status;
    stored.state.ended_at = at;
    if (stored.endedEventSent) return;
    stored.endedEventSent = true;
    this.#send(`check_request.${status}`, requestRecord(stored, now), stored.eventUrl);
  }
}
