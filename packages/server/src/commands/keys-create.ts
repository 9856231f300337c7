import { type Command, Option } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server keys create`: prints only the key, shown this once. */
export function registerKeysCreate(keys: Command): void {
  databaseOptions(
    keys
      .command('create')
      .description('Create an API key; prints only the key, which is shown this once.')
      .option('--account <id>', 'account id (acc_...); required unless --anonymous')
      .addOption(new Option('--mode <mode>', 'live or test').choices(['live', 'test']).makeOptionMandatory())
      .option(
        '--anonymous',
        'a sandbox key that belongs to no account: it polls but cannot use callback_url until claimed (keys claim)',
      ),
  ).action((flags: ConfigFlags & { account?: string; mode: string; anonymous?: boolean }) => {
    if (flags.anonymous === true) {
      if (flags.account !== undefined || flags.mode !== 'test') {
        process.stderr.write('rtw-server: --anonymous takes --mode test and no --account\n');
        process.exitCode = 2;
        return;
      }
      return withAdmin(flags, 'keys.create', { anonymous: 'true' }, (created) => created.key);
    }
    const account = flags.account;
    if (account === undefined) {
      process.stderr.write('rtw-server: give --account (or --anonymous for an unowned sandbox key)\n');
      process.exitCode = 2;
      return;
    }
    return withAdmin(flags, 'keys.create', { account, mode: flags.mode }, (created) => created.key);
  });
}
