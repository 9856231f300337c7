import { type Command, Option } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server accounts set-callback`: the account's default callback URL for a mode. */
export function registerAccountsSetCallback(accounts: Command): void {
  databaseOptions(
    accounts
      .command('set-callback')
      .description(
        "Set (--url) or clear (--clear) the account's default callback URL for a mode; queued checks keep theirs.",
      )
      .requiredOption('--account <id>', 'account id (acc_...)')
      .addOption(new Option('--mode <mode>', 'live or test').choices(['live', 'test']).makeOptionMandatory())
      .option('--url <url>', 'an https URL (spec 6.3)')
      .option('--clear', 'remove the default: checks without a callback_url are then poll-only'),
  ).action((flags: ConfigFlags & { account: string; mode: string; url?: string; clear?: boolean }) => {
    if ((flags.url === undefined) === (flags.clear !== true)) {
      process.stderr.write('rtw-server: give exactly one of --url or --clear\n');
      process.exitCode = 2;
      return;
    }
    return withAdmin(
      flags,
      'accounts.set-callback',
      { account: flags.account, mode: flags.mode, url: flags.url },
      ({ url }) => `${flags.account} ${flags.mode} ${url ?? 'poll-only'}`,
    );
  });
}
