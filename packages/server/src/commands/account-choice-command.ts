import type { Outcome } from '@sharecode/core';
import { type Command, Option } from 'commander';
import type { Admin } from '../accounts/admin.js';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { withAdmin } from './with-admin.js';

export interface AccountChoiceSpec<A> {
  readonly name: string;
  readonly description: string;
  /** The option's name, which is also its value's placeholder: `--plan <plan>`. */
  readonly option: string;
  readonly optionDescription: string;
  readonly choices: readonly string[];
  readonly apply: (admin: Admin, account: string, value: string) => Promise<Outcome<A, string>>;
  readonly print: (changed: A) => string;
}

/** An `accounts` subcommand that sets one field of an account to one of a few values. */
export function registerAccountChoice<A>(accounts: Command, spec: AccountChoiceSpec<A>): void {
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
    withAdmin(flags, (admin) => spec.apply(admin, flags.account, flags[spec.option] as string), spec.print),
  );
}
