import type { Command } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server keys list`: one line per key, prefixes only. */
export function registerKeysList(keys: Command): void {
  databaseOptions(
    keys
      .command('list')
      .description("List an account's keys (prefixes only: keys are never stored).")
      .requiredOption('--account <id>', 'account id (acc_...)'),
  ).action((flags: ConfigFlags & { account: string }) =>
    withAdmin(flags, 'keys.list', { account: flags.account }, (list) =>
      list
        .map((k) => `${k.id} ${k.mode} ${k.prefix} ${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`)
        .join('\n'),
    ),
  );
}
