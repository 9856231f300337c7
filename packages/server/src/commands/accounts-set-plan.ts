import type { Command } from 'commander';
import { PLANS } from '../accounts/plans.js';
import { registerAccountChoice } from './account-choice-command.js';

/** `rtw-server accounts set-plan`. */
export function registerAccountsSetPlan(accounts: Command): void {
  registerAccountChoice(accounts, {
    name: 'set-plan',
    description: "Change an account's plan.",
    option: 'plan',
    optionDescription: 'plan',
    choices: PLANS,
    operation: 'accounts.set-plan',
    print: (a) => `${a.id} ${a.plan}`,
  });
}
