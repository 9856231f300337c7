import { fail, type Outcome, ok } from '@sharecode/core';
import { validateCallbackUrl } from '@sharecode/core/validation';
import { apiKeyMode, generateApiKey, hashApiKey, type KeyMode } from './api-key.js';
import { periodOf } from './billing-period.js';
import {
  effectivePlan,
  isPlan,
  isSubscriptionStatus,
  PLAN_LIMITS,
  PLANS,
  type Plan,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './plans.js';
import type { AccountRecord, AccountsRepo, KeyRecord, UsageRepo } from './ports.js';
import { newAccountId, newKeyId } from './random-id.js';

const EMAIL_MAX_LENGTH = 254;

export interface AccountUsage {
  readonly accountId: string;
  readonly period: string;
  readonly plan: Plan;
  readonly includedChecks: number;
  readonly used: number;
  readonly inProgress: number;
  readonly overageChecks: number;
  readonly overagePence: number;
}

/** Operator actions on accounts and keys (the `rtw-server accounts|keys` commands and the library API). */
export interface Admin {
  createAccount(input: { email: string; plan: string }): Promise<Outcome<AccountRecord, string>>;
  getAccount(accountId: string): Promise<Outcome<AccountRecord, string>>;
  /** Every account with an owner, oldest first (anonymous sandbox keys' accounts left out). */
  listAccounts(): Promise<Outcome<AccountRecord[], string>>;
  setPlan(accountId: string, plan: string): Promise<Outcome<AccountRecord, string>>;
  setSubscriptionStatus(accountId: string, status: string): Promise<Outcome<AccountRecord, string>>;
  /** The key is in the result once and never again: only its hash is stored. */
  createApiKey(accountId: string, mode: string): Promise<Outcome<{ key: string; record: KeyRecord }, string>>;
  /** Revokes by the key itself or by its id (`key_...`). */
  revokeApiKey(keyOrId: string): Promise<Outcome<KeyRecord, string>>;
  listApiKeys(accountId: string): Promise<Outcome<KeyRecord[], string>>;
  usage(accountId: string, period?: string): Promise<Outcome<AccountUsage, string>>;
  /**
   * Sets the account's default callback URL for a mode (spec 6.3), or clears it with null. Checks
   * already queued keep the URL they were queued with.
   */
  setDefaultCallbackUrl(
    accountId: string,
    mode: string,
    url: string | null,
  ): Promise<Outcome<string | null, string>>;
  defaultCallbackUrl(accountId: string, mode: string): Promise<Outcome<string | null, string>>;
  /**
   * A sandbox key that belongs to no account (spec 5.5): it can run and poll checks but not use
   * callback_url until an account claims it. Printed once, like every key.
   */
  createAnonymousTestKey(): Promise<Outcome<{ key: string; record: KeyRecord }, string>>;
  /** Gives an anonymous sandbox key (the key or its id) to an account, with the checks it made. */
  claimKey(keyOrId: string, accountId: string): Promise<Outcome<KeyRecord, string>>;
}

export function createAdmin(deps: {
  accounts: AccountsRepo;
  usage: UsageRepo;
  now: () => Date;
  /** The service's callback-URL rules (core's, plus any unsafe test hosts); core's by default. */
  validateCallbackUrl?: (raw: unknown) => Outcome<string>;
}): Admin {
  const { accounts, usage, now } = deps;
  const checkCallbackUrl = deps.validateCallbackUrl ?? validateCallbackUrl;
  const noAccount = (id: string) =>
    `No account has the id ${JSON.stringify(id)}: check it (ids start with acc_).`;
  const requireAccount = async (id: string): Promise<Outcome<AccountRecord, string>> => {
    const account = await accounts.getAccount(id);
    return account ? ok(account) : fail(noAccount(id));
  };

  const readMode = (mode: string): Outcome<KeyMode, string> =>
    mode === 'live' || mode === 'test'
      ? ok(mode)
      : fail(`Unknown key mode ${JSON.stringify(mode)}: use live or test.`);

  return {
    async createAccount({ email, plan }) {
      const address = email.trim();
      if (address.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
        return fail('The owner e-mail address is not valid: give an address such as owner@example.com.');
      }
      if (!isPlan(plan)) return fail(`Unknown plan ${JSON.stringify(plan)}: use one of ${PLANS.join(', ')}.`);
      const account: AccountRecord = {
        id: newAccountId(),
        email: address,
        plan,
        subscriptionStatus: 'active',
        createdAt: now(),
      };
      const existing = await accounts.insertAccount(account);
      if (existing !== null) {
        return fail(
          `The account ${existing} already has the e-mail address ${address} (letter case aside): one address, one account. ` +
            'Use that account, or give another address.',
        );
      }
      return ok(account);
    },

    getAccount: requireAccount,

    listAccounts: async () => ok(await accounts.listAccounts()),

    async setPlan(accountId, plan) {
      if (!isPlan(plan)) return fail(`Unknown plan ${JSON.stringify(plan)}: use one of ${PLANS.join(', ')}.`);
      const account = await accounts.updatePlan(accountId, plan, now());
      return account ? ok(account) : fail(noAccount(accountId));
    },

    async setSubscriptionStatus(accountId, status) {
      if (!isSubscriptionStatus(status)) {
        return fail(
          `Unknown subscription status ${JSON.stringify(status)}: use one of ${SUBSCRIPTION_STATUSES.join(', ')}.`,
        );
      }
      const account = await accounts.updateSubscriptionStatus(
        accountId,
        status satisfies SubscriptionStatus,
        now(),
      );
      return account ? ok(account) : fail(noAccount(accountId));
    },

    async createApiKey(accountId, mode) {
      if (mode !== 'live' && mode !== 'test') {
        return fail(`Unknown key mode ${JSON.stringify(mode)}: use live or test.`);
      }
      const account = await requireAccount(accountId);
      if (!account.ok) return account;
      const generated = generateApiKey(mode satisfies KeyMode);
      const record: KeyRecord = {
        id: newKeyId(),
        accountId,
        mode,
        prefix: generated.prefix,
        createdAt: now(),
        revokedAt: null,
      };
      await accounts.insertKey({ ...record, hash: generated.hash });
      return ok({ key: generated.key, record });
    },

    async revokeApiKey(keyOrId) {
      const text = keyOrId.trim();
      if (apiKeyMode(text) !== null) {
        const revoked = await accounts.revokeKeyByHash(hashApiKey(text), now());
        return revoked ? ok(revoked) : fail('No active key matches: it is unknown or already revoked.');
      }
      if (/^key_[0-9A-Za-z]{24}$/.test(text)) {
        const revoked = await accounts.revokeKeyById(text, now());
        if (revoked) return ok(revoked);
        const existing = await accounts.getKeyById(text);
        return fail(existing ? `The key ${text} is already revoked.` : `No key has the id ${text}.`);
      }
      return fail('Give the key itself (rtw_live_... or rtw_test_...) or its id (key_...).');
    },

    async listApiKeys(accountId) {
      const account = await requireAccount(accountId);
      if (!account.ok) return account;
      return ok(await accounts.listKeys(accountId));
    },

    async usage(accountId, period) {
      const account = await requireAccount(accountId);
      if (!account.ok) return account;
      const month = period ?? periodOf(now());
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return fail('The period must be a month written YYYY-MM.');
      const summary = await usage.summary(accountId, month);
      const plan = effectivePlan(account.value.plan, account.value.subscriptionStatus);
      return ok({
        accountId,
        period: month,
        plan,
        includedChecks: PLAN_LIMITS[plan].includedChecks,
        used: summary.used,
        inProgress: summary.reserved,
        overageChecks: summary.overageChecks,
        overagePence: summary.overagePence,
      });
    },

    async setDefaultCallbackUrl(accountId, mode, url) {
      const keyMode = readMode(mode);
      if (!keyMode.ok) return keyMode;
      let checked: string | null = null;
      if (url !== null) {
        const valid = checkCallbackUrl(url);
        if (!valid.ok) return fail(valid.error.message);
        checked = valid.value;
      }
      const done = await accounts.setDefaultCallbackUrl(accountId, keyMode.value, checked, now());
      return done ? ok(checked) : fail(noAccount(accountId));
    },

    async defaultCallbackUrl(accountId, mode) {
      const keyMode = readMode(mode);
      if (!keyMode.ok) return keyMode;
      const account = await requireAccount(accountId);
      if (!account.ok) return account;
      return ok(await accounts.getDefaultCallbackUrl(accountId, keyMode.value));
    },

    async createAnonymousTestKey() {
      const accountId = newAccountId();
      await accounts.insertAnonymousAccount(accountId, now());
      const generated = generateApiKey('test');
      const record: KeyRecord = {
        id: newKeyId(),
        accountId,
        mode: 'test',
        prefix: generated.prefix,
        createdAt: now(),
        revokedAt: null,
      };
      await accounts.insertKey({ ...record, hash: generated.hash });
      return ok({ key: generated.key, record });
    },

    async claimKey(keyOrId, accountId) {
      const text = keyOrId.trim();
      let keyId: string | null = null;
      if (/^key_[0-9A-Za-z]{24}$/.test(text)) keyId = text;
      else if (apiKeyMode(text) !== null) {
        keyId = (await accounts.findActiveKeyByHash(hashApiKey(text)))?.keyId ?? null;
      } else {
        return fail('Give the key itself (rtw_test_...) or its id (key_...).');
      }
      if (keyId === null) return fail('No active key matches: it is unknown or revoked.');
      const claimed = await accounts.claimKey(keyId, accountId);
      switch (claimed.type) {
        case 'claimed':
          return ok(claimed.key);
        case 'no_key':
          return fail(`No key has the id ${keyId}.`);
        case 'not_anonymous':
          return fail('This key already belongs to an account: only anonymous sandbox keys can be claimed.');
        case 'no_account':
          return fail(noAccount(accountId));
      }
    },
  };
}
