import type { Command } from 'commander';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { readPassword } from './read-password.js';
import { withAdmin } from './with-admin.js';

/** `rtw-server accounts set-password`: the owner's dashboard password; signs the owner out everywhere. */
export function registerAccountsSetPassword(accounts: Command): void {
  databaseOptions(
    accounts
      .command('set-password')
      .description(
        "Set the owner's dashboard password (at least 12 characters): typed twice at a terminal (not shown), or read from stdin or --password-file. Signs the owner out everywhere.",
      )
      .requiredOption('--account <id>', 'account id (acc_...)')
      .option('--password-file <file>', 'a file holding the password (one trailing line break is ignored)'),
  ).action(async (flags: ConfigFlags & { account: string; passwordFile?: string }) => {
    const password = await readPassword(flags.passwordFile);
    if (!password.ok) {
      process.stderr.write(`rtw-server: ${password.error}\n`);
      process.exitCode = 2;
      return;
    }
    return withAdmin(
      flags,
      'accounts.set-password',
      { account: flags.account, password: password.value },
      () => `${flags.account} password set`,
    );
  });
}
