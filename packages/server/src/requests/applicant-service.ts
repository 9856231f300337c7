import { type CheckError, checkError } from '@sharecode/core';
import {
  type ApplicantFieldError,
  type ApplicantFormInput,
  type ApplicantFormValues,
  type ApplicantPhase,
  applicantFormValues,
  askerOf,
  isApplicantToken,
  phaseOfRequest,
  readApplicantForm,
  statusAt,
} from '@sharecode/core/check-requests';
import type { Logger } from 'pino';
import type { AccountsRepo, AuthenticatedKey } from '../accounts/ports.js';
import type { AsyncCreateInput, AsyncCreateOutput } from '../checks/async-create.js';
import type { RequestEndings } from './request-endings.js';
import type { CheckRequestsRepo, StoredCheckRequest } from './request-ports.js';
import { tokenHashOf } from './request-token.js';

export interface ApplicantAnswer {
  readonly phase: ApplicantPhase;
  /** The request's id (for per-link throttles and the CSRF binding); null when the token matched none. */
  readonly requestId: string | null;
}

export interface ApplicantServiceDeps {
  readonly repo: CheckRequestsRepo;
  readonly endings: RequestEndings;
  readonly accounts: Pick<AccountsRepo, 'getAccount'>;
  readonly createAsyncCheck: (input: AsyncCreateInput) => Promise<AsyncCreateOutput>;
  readonly log: Logger;
  /** How long a submission waits for a sandbox check (they end at once) before answering `checking`. */
  readonly testCheckWaitMs?: number;
  /** Seconds after which the `checking` page asks again, per mode. */
  readonly refreshSeconds?: { readonly live: number; readonly test: number };
}

const NOT_FOUND: ApplicantAnswer = { phase: { page: 'not_found' }, requestId: null };

/**
 * The applicant's side of a check request, for the page's routes: what the link shows, and what a
 * submitted form does. Never the check's result, the applicant's name or anything of another request.
 */
export function createApplicantService(deps: ApplicantServiceDeps) {
  const { repo, endings, log } = deps;
  const testWaitMs = deps.testCheckWaitMs ?? 3000;
  const refresh = deps.refreshSeconds ?? { live: 5, test: 2 };

  const byToken = async (token: string) =>
    isApplicantToken(token) ? repo.findByTokenHash(tokenHashOf(token)) : null;

  /** The page for the request as it stands (the form shows `values` only when no check ran since). */
  const phaseOf = async (
    stored: StoredCheckRequest,
    now: Date,
    form?: { values: ApplicantFormValues; errors: ApplicantFieldError[] },
    peek = false,
  ): Promise<ApplicantAnswer> => {
    const { state, sentShown, lastError, notice } = stored;
    const requestId = state.id;
    const phase = phaseOfRequest(state, now, {
      sentShown,
      lastError,
      notice,
      refreshSeconds: refresh[state.mode],
      form,
    });
    // A peek (HEAD: link checkers, previews) shows 'sent' without using up the one showing.
    if (phase.page === 'sent' && !peek && !(await repo.markSentShown(state.id))) {
      return {
        phase: { page: 'closed', reason: 'submitted', asker: askerOf(state), mode: state.mode },
        requestId,
      };
    }
    return { phase, requestId };
  };

  /** The account's key as the check is made: the request's key, the account's plan as it is now. */
  const keyOf = async (stored: StoredCheckRequest): Promise<AuthenticatedKey | null> => {
    const account = await deps.accounts.getAccount(stored.accountId);
    if (!account) return null;
    return {
      keyId: stored.keyId,
      accountId: stored.accountId,
      mode: stored.state.mode,
      plan: account.plan,
      subscriptionStatus: account.subscriptionStatus,
    };
  };

  /** Waits a moment for a sandbox check (it ends at once) so the answer can be its verdict. */
  const settled = async (token: string, stored: StoredCheckRequest): Promise<StoredCheckRequest> => {
    if (stored.state.mode !== 'test') return stored;
    const until = Date.now() + testWaitMs;
    let current = stored;
    while (current.state.check_pending && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = (await byToken(token)) ?? current;
    }
    return current;
  };

  const makeCheck = async (
    stored: StoredCheckRequest,
    details: { share_code: string; date_of_birth: string },
    httpRequestId: string,
  ): Promise<{ made: true } | { made: false; error: CheckError }> => {
    const key = await keyOf(stored);
    if (!key) return { made: false, error: checkError('INTERNAL') };
    const { state } = stored;
    const body: Record<string, unknown> = { ...state.checker, ...details };
    if (state.client_reference !== null) body.client_reference = state.client_reference;
    if (state.callback_url !== null) body.callback_url = state.callback_url;
    const { outcome } = await deps.createAsyncCheck({
      key,
      kind: state.kind,
      body,
      // One check per attempt: a double-click or a retried POST replays it rather than making another.
      idempotencyKey: `${state.id}.attempt.${stored.checksMade + 1}`,
      requestId: httpRequestId,
      checkRequestId: state.id,
    });
    return outcome.ok ? { made: true } : { made: false, error: outcome.error };
  };

  return {
    /** GET of the link. */
    async openByToken(token: string, now: Date, opts: { peek?: boolean } = {}): Promise<ApplicantAnswer> {
      const stored = await byToken(token);
      return stored ? phaseOf(stored, now, undefined, opts.peek === true) : NOT_FOUND;
    },

    /**
     * POST of the link's form. `clientAddress` is for the page's throttles (kept by the caller) and
     * never stored with the request; `httpRequestId` names the check's log lines.
     */
    async submitByToken(
      token: string,
      form: ApplicantFormInput,
      _clientAddress: string,
      now: Date,
      httpRequestId = 'applicant',
    ): Promise<ApplicantAnswer> {
      const stored = await byToken(token);
      if (!stored) return NOT_FOUND;
      const { state } = stored;
      if (statusAt(state, now) !== 'waiting' || state.check_pending) return phaseOf(stored, now);
      const read = readApplicantForm(state.kind, form, now);
      const values = applicantFormValues(form);
      if (!read.ok && read.error.reason === 'invalid') {
        return phaseOf(stored, now, { values, errors: read.error.errors });
      }
      if (!read.ok) {
        // A code of another kind: no check is made, but the attempt is spent.
        const [error] = read.error.errors;
        const status = await repo.transaction(async (tx) => {
          const current = await repo.lock(tx, state.id);
          if (!current || statusAt(current.state, now) !== 'waiting' || current.state.check_pending || !error)
            return null;
          return endings.failedAttempt(tx, current, error, now);
        });
        const after = (await byToken(token)) ?? stored;
        if (status === 'waiting') return phaseOf(after, now, { values, errors: read.error.errors });
        return phaseOf(after, now);
      }
      const made = await makeCheck(stored, read.value, httpRequestId);
      if (!made.made) {
        const code = made.error.code;
        // The same attempt's check made meanwhile (another submission): it is the one being checked.
        if (code !== 'INVALID_INPUT' || made.error.field !== 'Idempotency-Key') {
          log.warn({ checkRequestId: state.id, code }, 'check request: the check could not be made');
          await repo.transaction((tx) =>
            repo.recordAttempt(tx, state.id, {
              failedAttempts: state.failed_attempts,
              error: null,
              notice: 'not_now',
            }),
          );
        }
      }
      const after = (await byToken(token)) ?? stored;
      return phaseOf(await settled(token, after), now);
    },
  };
}

export type ApplicantService = ReturnType<typeof createApplicantService>;
