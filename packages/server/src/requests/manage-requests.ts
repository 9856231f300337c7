import { type CheckError, checkError, fail, type Outcome, ok } from '@sharecode/core';
import {
  applicantUrl,
  type CheckRequest,
  type CheckRequestList,
  cancelDecision,
  encodeCursor,
  isCheckRequestId,
  newApplicantToken,
  newCheckRequestId,
  newCheckRequestState,
  readListQuery,
  validateCheckRequestCreate,
} from '@sharecode/core/check-requests';
import type { AccountsRepo, AuthenticatedKey } from '../accounts/ports.js';
import type { UsageSnapshot } from '../accounts/quota.js';
import type { CallbackUrlPolicy } from '../checks/callback-url-policy.js';
import { unclaimedKeyCallbackRefusal } from '../checks/unclaimed-key.js';
import { liveRequestRefusal } from './live-gate.js';
import type { CheckRequestsRepo } from './request-ports.js';
import { requestRecord } from './request-record.js';
import { tokenHashOf } from './request-token.js';

export interface ManageRequestsDeps {
  readonly repo: CheckRequestsRepo;
  readonly accounts: Pick<AccountsRepo, 'getDefaultCallbackUrl'>;
  readonly clock: () => Date;
  readonly callbackUrlPolicy: CallbackUrlPolicy;
  /** A live key's usage now (for the 402 of an account that cannot run live checks); null for sandbox keys. */
  readonly usageOf: (key: AuthenticatedKey) => Promise<UsageSnapshot | null>;
  readonly upgradeUrl: string;
  /** True when the server has SMTP settings: a request's applicant_email is then e-mailed the link. */
  readonly canSendMail: boolean;
}

export interface CreatedRequest {
  readonly record: CheckRequest;
  /** The request's URL (the 201's Location). */
  readonly location: string;
}

export const requestLocation = (id: string) => `/api/check-requests/${id}`;

const notFound = () => fail(checkError('CHECK_REQUEST_NOT_FOUND'));

/** The API's operations on check requests, for an admitted key. */
export function createManageRequests(deps: ManageRequestsDeps) {
  const { repo, clock } = deps;
  const findOwn = async (key: AuthenticatedKey, id: string) =>
    isCheckRequestId(id) ? repo.find(id, key.accountId, key.mode) : null;

  return {
    /** POST: `origin` is where the applicant's link points (RTW_PUBLIC_URL, else the request's). */
    async create(
      key: AuthenticatedKey,
      body: unknown,
      origin: string,
    ): Promise<Outcome<CreatedRequest, CheckError>> {
      const validated = validateCheckRequestCreate(body, {
        validateCallbackUrl: deps.callbackUrlPolicy.validate,
      });
      if (!validated.ok) return validated;
      const request = validated.value;
      // Spec 5.5: a sandbox key no account has claimed polls only, as its checks do.
      if (key.unclaimed && request.callback_url !== null) return fail(unclaimedKeyCallbackRefusal());
      const usage = await deps.usageOf(key);
      const refusal = usage ? liveRequestRefusal(key, usage, deps.upgradeUrl) : null;
      if (refusal) return fail(refusal);
      const now = clock();
      const token = newApplicantToken();
      const state = newCheckRequestState(request, {
        id: newCheckRequestId(),
        mode: key.mode,
        now,
        canSendMail: deps.canSendMail,
      });
      // Fixed when made (as a check's is when queued): a later change of the default does not move it.
      const eventUrl =
        request.callback_url ?? (await deps.accounts.getDefaultCallbackUrl(key.accountId, key.mode));
      await repo.insert({
        state,
        accountId: key.accountId,
        keyId: key.keyId,
        tokenHash: tokenHashOf(token),
        eventUrl,
      });
      return ok({
        record: requestRecord(
          {
            state,
            accountId: key.accountId,
            keyId: key.keyId,
            checksMade: 0,
            latestCheck: null,
            sentShown: false,
            lastError: null,
            notice: null,
            endedEventAt: null,
            eventUrl,
          },
          now,
          applicantUrl(origin, token),
        ),
        location: requestLocation(state.id),
      });
    },

    async get(key: AuthenticatedKey, id: string): Promise<Outcome<CheckRequest, CheckError>> {
      const found = await findOwn(key, id);
      return found ? ok(requestRecord(found, clock())) : notFound();
    },

    async list(
      key: AuthenticatedKey,
      query: Readonly<Record<string, unknown>>,
    ): Promise<Outcome<CheckRequestList, CheckError>> {
      const params = readListQuery(query);
      if (!params.ok) return params;
      const now = clock();
      const { limit } = params.value;
      // One more than asked: there is a next page exactly when it comes back.
      const rows = await repo.list({
        accountId: key.accountId,
        mode: key.mode,
        status: params.value.status,
        limit: limit + 1,
        after: params.value.after,
        now,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return ok({
        data: page.map((row) => requestRecord(row, now)),
        next_cursor: rows.length > limit && last ? encodeCursor(last.state.created_at, last.state.id) : null,
      });
    },

    /**
     * DELETE: 200 cancelled (again: the same), 409 while a check of the applicant's details is
     * pending (CHECK_REQUEST_CHECKING), 409 once submitted, expired or locked (core's cancelDecision).
     */
    async cancel(key: AuthenticatedKey, id: string): Promise<Outcome<CheckRequest, CheckError>> {
      if (!(await findOwn(key, id))) return notFound();
      const now = clock();
      const outcome = await repo.transaction(async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current) return 'gone' as const;
        const decision = cancelDecision(current.state, now);
        if (decision === 'unchanged') return 'ok' as const;
        if (decision !== 'cancel') return decision;
        await repo.end(tx, id, 'cancelled', now);
        return 'ok' as const;
      });
      if (outcome === 'gone') return notFound();
      if (outcome !== 'ok') return fail(outcome);
      const after = await repo.find(id, key.accountId, key.mode);
      return after ? ok(requestRecord(after, now)) : notFound();
    },
  };
}

export type ManageRequests = ReturnType<typeof createManageRequests>;
