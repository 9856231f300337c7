import type { Command } from 'commander';
import type { AccountView } from '../admin/admin-operations.js';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { textTable } from './text-table.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server accounts list`: one line per account, oldest first; `--json` for an array. */
export function registerAccountsList(accounts: Command): void {
  databaseOptions(
    accounts
      .command('list')
      .description('List the accounts, oldest first: id, e-mail, plan, subscription, created (UTC).')
      .option('--json', 'print a JSON array (id, email, plan, subscription_status, created_at)'),
  ).action((flags: ConfigFlags & { json?: boolean }) =>
    withAdmin(flags, 'accounts.list', {}, (list) =>
      flags.json === true ? JSON.stringify(list, null, 2) : accountsTable(list),
    ),
  );
}

const HEADINGS = ['ID', 'E-MAIL', 'PLAN', 'SUBSCRIPTION', 'CREATED'] as const;

/** Columns padded to their widest cell; "No accounts yet." rather than an empty table. */
export function accountsTable(list: readonly AccountView[]): string {
  if (list.length === 0) return 'No accounts yet: create one with `rtw-server accounts create`.';
  const rows = list.map((a) => [a.id, a.email, a.plan, a.subscription_status, a.created_at]);
  return textTable(HEADINGS, rows);
}
