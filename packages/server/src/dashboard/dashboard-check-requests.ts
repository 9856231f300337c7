import { fail, ok } from '@sharecode/core';
import { askerOf, statusAt } from '@sharecode/core/check-requests';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { ManageRequests } from '../requests/manage-requests.js';
import type { CheckRequestsRepo } from '../requests/request-ports.js';
import { DASHBOARD_REQUESTS_LIMIT, type DashboardCheckRequests } from './check-requests-port.js';

/** CHECK_REQUEST_CHECKING in the dashboard's terms (core's message says to read the request). */
export const CHECKING_MESSAGE =
  "That request cannot be cancelled now: a check of the applicant's details is running, and it ends within minutes. Reload this page then; if the request is still waiting, cancel it.";

export interface DashboardCheckRequestsDeps {
  readonly repo: Pick<CheckRequestsRepo, 'list'>;
  readonly cancel: ManageRequests['cancel'];
  readonly clock: () => Date;
}

/** The owner's list and Cancel button over the requests domain: the same rules as the API's. */
export function createDashboardCheckRequests(deps: DashboardCheckRequestsDeps): DashboardCheckRequests {
  return {
    async list(accountId, mode) {
      const now = deps.clock();
      const rows = await deps.repo.list({
        accountId,
        mode,
        status: null,
        limit: DASHBOARD_REQUESTS_LIMIT,
        after: null,
        now,
      });
      return rows.map(({ state }) => ({
        id: state.id,
        kind: state.kind,
        status: statusAt(state, now),
        asker: askerOf(state),
        failedAttempts: state.failed_attempts,
        checkPending: state.check_pending,
        createdAt: state.created_at,
        expiresAt: state.expires_at,
      }));
    },
    async cancel(accountId, mode, id) {
      // DELETE's rules as the owner: cancelling reads only the account and the mode of the key.
      const owner: AuthenticatedKey = {
        keyId: 'dashboard',
        accountId,
        mode,
        plan: 'free',
        subscriptionStatus: 'active',
      };
      const cancelled = await deps.cancel(owner, id);
      if (cancelled.ok) return ok({ id: cancelled.value.id });
      if (cancelled.error.code === 'CHECK_REQUEST_NOT_FOUND') {
        return fail('That check request is not one of this account’s requests for this mode.');
      }
      if (cancelled.error.code === 'CHECK_REQUEST_CHECKING') return fail(CHECKING_MESSAGE);
      return fail(cancelled.error.message);
    },
  };
}
