import type { Command } from 'commander';
import { SUBSCRIPTION_STATUSES } from '../accounts/plans.js';
import { registerAccountChoice } from './account-choice-command.js';

/** `rtw-server accounts set-subscription`. */
export function registerAccountsSetSubscription(accounts: Command): void {
  registerAccountChoice(accounts, {
    name: 'set-subscription',
    description: "Change an account's subscription status.",
    option: 'status',
    optionDescription: 'subscription status',
    choices: SUBSCRIPTION_STATUSES,
    operation: 'accounts.set-subscription',
    print: (a) => `${a.id} ${a.subscription_status}`,
  });
}
