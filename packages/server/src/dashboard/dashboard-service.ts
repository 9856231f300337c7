import { fail, type Outcome, ok } from '@sharecode/core';
import type { AccountUsage, Admin } from '../accounts/admin.js';
import type { KeyMode } from '../accounts/api-key.js';
import type { AccountRecord, AccountsRepo, KeyRecord } from '../accounts/ports.js';
import type { CallbackUrlPolicy } from '../checks/callback-url-policy.js';
import type { DeliveryRecord } from '../webhooks/webhook-ports.js';
import type { Webhooks } from '../webhooks/webhooks-service.js';
import type { DashboardCheckRequest, DashboardCheckRequests } from './check-requests-port.js';
import {
  RECENT_CHECKS_DAYS,
  RECENT_CHECKS_LIMIT,
  type RecentCheck,
  type RecentChecksRepo,
} from './recent-checks-port.js';

/** Everything one mode's page shows. */
export interface ModeData {
  readonly account: AccountRecord;
  readonly mode: KeyMode;
  readonly defaultUrl: string | null;
  readonly deliveries: readonly DeliveryRecord[];
  /** The account's keys of this mode, newest first. */
  readonly keys: readonly KeyRecord[];
  /** This month's usage (live checks are the only ones metered). */
  readonly usage: AccountUsage | null;
  readonly now: Date;
  /** Metadata of this mode's checks of the last 30 days, newest first (recent-checks-port.ts). */
  readonly recentChecks?: readonly RecentCheck[];
  /** This mode's check requests, newest first (check-requests-port.ts). */
  readonly checkRequests?: readonly DashboardCheckRequest[];
}

export interface DashboardServiceDeps {
  readonly accounts: Pick<
    AccountsRepo,
    'getAccount' | 'getKeyById' | 'getDefaultCallbackUrl' | 'setDefaultCallbackUrl'
  >;
  readonly admin: Pick<Admin, 'createApiKey' | 'revokeApiKey' | 'listApiKeys' | 'usage'>;
  readonly webhooks: Webhooks;
  readonly policy: CallbackUrlPolicy;
  readonly clock: () => Date;
  readonly recentChecks?: RecentChecksRepo;
  readonly checkRequests?: DashboardCheckRequests;
}

/** The owner's actions, always scoped to the signed-in account and the mode of the page. */
export interface DashboardService {
  load(accountId: string, mode: KeyMode): Promise<ModeData | null>;
  /** Sets the default URL (the service's callback-URL rules) or clears it with null. */
  setDefaultUrl(
    accountId: string,
    mode: KeyMode,
    raw: string | null,
  ): Promise<Outcome<string | null, string>>;
  createKey(accountId: string, mode: KeyMode): Promise<Outcome<string, string>>;
  revokeKey(accountId: string, mode: KeyMode, keyId: string): Promise<Outcome<KeyRecord, string>>;
  /** Cancels a waiting check request of this account and mode. */
  cancelCheckRequest(
    accountId: string,
    mode: KeyMode,
    id: string,
  ): Promise<Outcome<{ readonly id: string }, string>>;
}

export function createDashboardService(deps: DashboardServiceDeps): DashboardService {
  return {
    async load(accountId, mode) {
      const account = await deps.accounts.getAccount(accountId);
      if (!account) return null;
      const now = deps.clock();
      const since = new Date(now.getTime() - RECENT_CHECKS_DAYS * 24 * 60 * 60 * 1000);
      const [defaultUrl, deliveries, keys, usage, recentChecks, checkRequests] = await Promise.all([
        deps.accounts.getDefaultCallbackUrl(accountId, mode),
        deps.webhooks.recent(accountId, mode, 50),
        deps.admin.listApiKeys(accountId),
        mode === 'live' ? deps.admin.usage(accountId) : Promise.resolve(null),
        deps.recentChecks?.list(accountId, mode, since, RECENT_CHECKS_LIMIT) ?? Promise.resolve(undefined),
        deps.checkRequests?.list(accountId, mode) ?? Promise.resolve(undefined),
      ]);
      return {
        account,
        mode,
        defaultUrl,
        deliveries,
        keys: keys.ok ? keys.value.filter((key) => key.mode === mode).reverse() : [],
        usage: usage?.ok ? usage.value : null,
        now,
        ...(recentChecks ? { recentChecks } : {}),
        ...(checkRequests ? { checkRequests } : {}),
      };
    },

    async setDefaultUrl(accountId, mode, raw) {
      let url: string | null = null;
      if (raw !== null) {
        const valid = deps.policy.validate(raw);
        if (!valid.ok) return fail(valid.error.message);
        url = valid.value;
      }
      const done = await deps.accounts.setDefaultCallbackUrl(accountId, mode, url, deps.clock());
      return done ? ok(url) : fail('The account no longer exists.');
    },

    async createKey(accountId, mode) {
      const created = await deps.admin.createApiKey(accountId, mode);
      return created.ok ? ok(created.value.key) : created;
    },

    async cancelCheckRequest(accountId, mode, id) {
      if (!deps.checkRequests) return fail('Check requests are not available on this server.');
      return deps.checkRequests.cancel(accountId, mode, id);
    },

    async revokeKey(accountId, mode, keyId) {
      const key = /^key_[0-9A-Za-z]{24}$/.test(keyId) ? await deps.accounts.getKeyById(keyId) : null;
      if (!key || key.accountId !== accountId || key.mode !== mode) {
        return fail('That key is not one of this account’s keys for this mode.');
      }
      return deps.admin.revokeApiKey(keyId);
    },
  };
}
