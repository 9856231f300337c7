import type { Logger } from 'pino';
import type { AccountsRepo, AuthenticatedKey } from '../accounts/ports.js';
import type { UsageSnapshot } from '../accounts/quota.js';
import type { AsyncCreateInput, AsyncCreateOutput } from '../checks/async-create.js';
import type { RequestCheckEndedHook } from '../checks/async-ports.js';
import type { CallbackUrlPolicy } from '../checks/callback-url-policy.js';
import { type ApplicantService, createApplicantService } from './applicant-service.js';
import { expireDueRequests } from './expiry-sweep.js';
import { createManageRequests, type ManageRequests } from './manage-requests.js';
import { createRequestEndings } from './request-endings.js';
import type { CheckRequestsRepo, RequestEventSink } from './request-ports.js';

export interface CheckRequestsDeps {
  readonly repo: CheckRequestsRepo;
  readonly accounts: Pick<AccountsRepo, 'getAccount' | 'getDefaultCallbackUrl'>;
  readonly events: RequestEventSink;
  readonly createAsyncCheck: (input: AsyncCreateInput) => Promise<AsyncCreateOutput>;
  readonly callbackUrlPolicy: CallbackUrlPolicy;
  /** A live key's usage now (402 refusals); null for sandbox keys. */
  readonly usageOf: (key: AuthenticatedKey) => Promise<UsageSnapshot | null>;
  readonly upgradeUrl: string;
  /** True when the server has SMTP settings (applicant_email_status starts `sending`, else `not_sent`). */
  readonly canSendMail: boolean;
  readonly clock: () => Date;
  readonly log: Logger;
  /** How long the applicant's submission waits for a sandbox check (tests may shorten it). */
  readonly testCheckWaitMs?: number;
}

/** Check requests: the API's operations, the applicant's link, the check-ended hook and the expiry sweep. */
export interface CheckRequests {
  readonly api: ManageRequests;
  readonly applicant: ApplicantService;
  /** Wire into the asynchronous checks: a request's check decides the request in its final transaction. */
  readonly checkEnded: RequestCheckEndedHook;
  /** Marks waiting requests past their expiry expired, with their events; returns how many. */
  expire(now: Date): Promise<number>;
}

export function createCheckRequests(deps: CheckRequestsDeps): CheckRequests {
  const endings = createRequestEndings({ repo: deps.repo, events: deps.events });
  return {
    api: createManageRequests({
      repo: deps.repo,
      accounts: deps.accounts,
      clock: deps.clock,
      callbackUrlPolicy: deps.callbackUrlPolicy,
      usageOf: deps.usageOf,
      upgradeUrl: deps.upgradeUrl,
      canSendMail: deps.canSendMail,
    }),
    applicant: createApplicantService({
      repo: deps.repo,
      endings,
      accounts: deps.accounts,
      createAsyncCheck: deps.createAsyncCheck,
      log: deps.log,
      ...(deps.testCheckWaitMs === undefined ? {} : { testCheckWaitMs: deps.testCheckWaitMs }),
    }),
    checkEnded: endings.checkEnded,
    expire: (now) => expireDueRequests({ repo: deps.repo, endings }, now),
  };
}
