import { resultExpiresAt } from '@sharecode/core';
import { type ApplicantFieldError, afterFailedAttempt, verdictOfCheck } from '@sharecode/core/check-requests';
import type { RequestCheckEndedHook, StoredAsyncCheck, Transaction } from '../checks/async-ports.js';
import type {
  CheckRequestsRepo,
  RequestEventSink,
  RequestTransaction,
  StoredCheckRequest,
} from './request-ports.js';

export interface RequestEndingsDeps {
  readonly repo: CheckRequestsRepo;
  readonly events: RequestEventSink;
}

/** The transitions that end a request or spend an attempt, each inside the caller's transaction. */
export function createRequestEndings(deps: RequestEndingsDeps) {
  const { repo, events } = deps;

  /** Ends `request` as expired or locked and queues its event (once, when it has somewhere to go). */
  const endWithEvent = async (
    tx: RequestTransaction,
    request: StoredCheckRequest,
    status: 'expired' | 'locked',
    at: Date,
  ) => {
    await repo.end(tx, request.state.id, status, at);
    if (request.eventUrl === null || request.endedEventAt !== null) return;
    await events.enqueue(tx, {
      type: status === 'expired' ? 'check_request.expired' : 'check_request.locked',
      requestId: request.state.id,
      accountId: request.accountId,
      mode: request.state.mode,
      url: request.eventUrl,
      createdAt: at,
      expiresAt: resultExpiresAt(at),
    });
    await repo.markEndedEvent(tx, request.state.id, at);
  };

  /** One more failed attempt: the error to show, and the third locks the request. */
  const failedAttempt = async (
    tx: RequestTransaction,
    request: StoredCheckRequest,
    error: ApplicantFieldError,
    at: Date,
  ) => {
    const next = afterFailedAttempt(request.state.failed_attempts);
    await repo.recordAttempt(tx, request.state.id, {
      failedAttempts: next.failed_attempts,
      error,
      notice: null,
    });
    if (next.status === 'locked') await endWithEvent(tx, request, 'locked', at);
    return next.status;
  };

  /** The hook of the checks made from requests: the check's verdict decides the request. */
  const checkEnded: RequestCheckEndedHook = {
    async onCheckEnded(check: StoredAsyncCheck, tx: Transaction) {
      if (check.checkRequestId === null || check.completedAt === null) return;
      const request = await repo.lock(tx, check.checkRequestId);
      // A request cancelled while its check ran stays cancelled; the check is still its latest.
      if (request?.state.status !== 'waiting' || request.latestCheck?.id !== check.id) return;
      const at = check.completedAt;
      const verdict = verdictOfCheck({ status: check.status, error: check.error });
      switch (verdict.type) {
        case 'submitted':
          await repo.recordAttempt(tx, request.state.id, {
            failedAttempts: request.state.failed_attempts,
            error: null,
            notice: null,
          });
          await repo.end(tx, request.state.id, 'submitted', at);
          return;
        case 'failed':
          await failedAttempt(tx, request, verdict.error, at);
          return;
        case 'not_now':
          await repo.recordAttempt(tx, request.state.id, {
            failedAttempts: request.state.failed_attempts,
            error: null,
            notice: 'not_now',
          });
          return;
        case 'pending':
          return;
      }
    },
  };

  return { endWithEvent, failedAttempt, checkEnded };
}

export type RequestEndings = ReturnType<typeof createRequestEndings>;
