import type { Command } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server keys claim`: an anonymous sandbox key, and its checks, to an account. */
export function registerKeysClaim(keys: Command): void {
  databaseOptions(
    keys
      .command('claim')
      .description('Give an anonymous sandbox key, and the checks it made, to an account.')
      .requiredOption('--key <key>', 'the key (rtw_test_...) or its id (key_...)')
      .requiredOption('--account <id>', 'account id (acc_...)'),
  ).action((flags: ConfigFlags & { key: string; account: string }) =>
    withAdmin(
      flags,
      'keys.claim',
      { key: flags.key, account: flags.account },
      (k) => `${k.id} claimed by ${k.account_id}`,
    ),
  );
}
