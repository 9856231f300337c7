import { type Command, Option } from 'commander';
import { PLANS } from '../accounts/plans.js';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server accounts create`: prints the new account's id. */
export function registerAccountsCreate(accounts: Command): void {
  databaseOptions(
    accounts
      .command('create')
      .description('Create an account; prints its id.')
      .requiredOption('--email <email>', "the owner's e-mail address")
      .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory()),
  ).action((flags: ConfigFlags & { email: string; plan: string }) =>
    withAdmin(flags, 'accounts.create', { email: flags.email, plan: flags.plan }, (account) => account.id),
  );
}
