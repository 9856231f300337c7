import type { Outcome } from '@sharecode/core';
import { type Admin, createAdmin } from '../accounts/admin.js';
import { createCallbackUrlPolicy } from '../checks/callback-url-policy.js';
import { type ConfigFlags, loadDatabaseConfig } from '../config.js';
import { type Database, openDatabase } from '../store/open-database.js';
import { loadWebhooksConfig } from '../webhooks/webhook-config.js';

/** Runs one admin action against the configured database and prints its answer. */
export async function withAdmin<T>(
  flags: ConfigFlags,
  action: (admin: Admin, database: Database) => Promise<Outcome<T, string>>,
  print: (value: T) => string,
): Promise<void> {
  const config = loadDatabaseConfig(flags, process.env);
  const opened = config.ok ? await openDatabase(config.value) : config;
  if (!opened.ok) {
    const problems = typeof opened.error === 'string' ? [opened.error] : opened.error;
    process.stderr.write(problems.map((problem) => `rtw-server: ${problem}\n`).join(''));
    process.exitCode = 1;
    return;
  }
  const database = opened.value;
  // The same callback-URL rules as the server started with this environment.
  const webhooks = loadWebhooksConfig({}, process.env);
  const policy = createCallbackUrlPolicy(webhooks.ok ? webhooks.value.unsafeAllowHosts : []);
  try {
    const result = await action(
      createAdmin({
        accounts: database.accounts,
        usage: database.usage,
        now: () => new Date(),
        validateCallbackUrl: policy.validate,
      }),
      database,
    );
    if (!result.ok) {
      process.stderr.write(`rtw-server: ${result.error}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`${print(result.value)}\n`);
  } finally {
    await database.close();
  }
}
