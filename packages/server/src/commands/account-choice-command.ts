import { type Command, Option } from 'commander';
import type { AccountView } from '../admin/admin-operations.js';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

export interface AccountChoiceSpec {
  readonly name: string;
  readonly description: string;
  /** The option's name, which is also its value's placeholder: `--plan <plan>`. */
  readonly option: string;
  readonly optionDescription: string;
  readonly choices: readonly string[];
  /** The admin operation that sets it (admin/admin-operations.ts); its parameter is named like the option. */
  readonly operation: 'accounts.set-plan' | 'accounts.set-subscription';
  readonly print: (changed: AccountView) => string;
}

/** An `accounts` subcommand that sets one field of an account to one of a few values. */
export function registerAccountChoice(accounts: Command, spec: AccountChoiceSpec): void {
  databaseOptions(
    accounts
      .command(spec.name)
      .description(spec.description)
      .requiredOption('--account <id>', 'account id (acc_...)')
      .addOption(
        new Option(`--${spec.option} <${spec.option}>`, spec.optionDescription)
          .choices(spec.choices)
          .makeOptionMandatory(),
      ),
  ).action((flags: ConfigFlags & { account: string } & Record<string, string>) =>
    withAdmin(
      flags,
      spec.operation,
      { account: flags.account, [spec.option]: flags[spec.option] as string },
      spec.print,
    ),
  );
}
