import type { Command } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server accounts usage`: one line of a month's live checks and overage. */
export function registerAccountsUsage(accounts: Command): void {
  databaseOptions(
    accounts
      .command('usage')
      .description("Show an account's live checks and overage for a month (default: this month, UTC).")
      .requiredOption('--account <id>', 'account id (acc_...)')
      .option('--period <YYYY-MM>', 'month'),
  ).action((flags: ConfigFlags & { account: string; period?: string }) =>
    withAdmin(
      flags,
      'accounts.usage',
      { account: flags.account, period: flags.period },
      (u) =>
        `${u.period} plan=${u.plan} included=${u.includedChecks} used=${u.used} in_progress=${u.inProgress} ` +
        `overage_checks=${u.overageChecks} overage=£${(u.overagePence / 100).toFixed(2)}`,
    ),
  );
}
