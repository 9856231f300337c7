import type { Command } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server keys revoke`: by the key itself or its id. */
export function registerKeysRevoke(keys: Command): void {
  databaseOptions(
    keys
      .command('revoke')
      .description('Revoke an API key, given the key itself or its id.')
      .option('--key <key>', 'the key (rtw_live_... or rtw_test_...)')
      .option('--id <id>', 'the key id (key_...)'),
  ).action((flags: ConfigFlags & { key?: string; id?: string }) => {
    const target = flags.key ?? flags.id;
    if (target === undefined || (flags.key !== undefined && flags.id !== undefined)) {
      process.stderr.write('rtw-server: give exactly one of --key or --id\n');
      process.exitCode = 2;
      return;
    }
    return withAdmin(flags, 'keys.revoke', { key: target }, (k) => `${k.id} revoked`);
  });
}
