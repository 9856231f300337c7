#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { type Admin, createAdmin } from './accounts/admin.js';
import { PLANS, SUBSCRIPTION_STATUSES } from './accounts/plans.js';
import { createCallbackUrlPolicy } from './checks/callback-url-policy.js';
import {
  type ConfigFlags,
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_PORT,
  loadDatabaseConfig,
} from './config.js';
import { createDashboardAdmin } from './dashboard/dashboard-admin.js';
import { DEFAULT_CHECK_SLOTS, DEFAULT_CHECK_TIMEOUT_SECONDS } from './portal/portal-config.js';
import { registerPortalCommands } from './probe-command.js';
import { fail, ok, type Result } from './result.js';
import { startedBanner } from './started-banner.js';
import { type Database, openDatabase } from './store/open-database.js';
import { loadWebhooksConfig } from './webhooks/webhook-config.js';

const program = new Command('rtw-server')
  .description('The reference share-code check service: HTTP API, portal driver, accounts, keys, quotas.')
  .showHelpAfterError();

const databaseOptions = (command: Command) =>
  command
    .option('--data-dir <dir>', `embedded database folder (env RTW_DATA_DIR; default ${DEFAULT_DATA_DIR})`)
    .option('--database-url <url>', 'PostgreSQL instead of the embedded database (env DATABASE_URL)');

databaseOptions(
  program
    .command('start')
    .description('Run the HTTP service and the portal driver until SIGINT or SIGTERM.')
    .option('--port <port>', `port to listen on (env RTW_PORT; default ${DEFAULT_PORT})`)
    .option('--host <host>', `address to listen on (env RTW_HOST; default ${DEFAULT_HOST})`)
    .option('--upgrade-url <url>', 'upgrade_url of 402 errors (env RTW_UPGRADE_URL)')
    .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env RTW_LOG_LEVEL)')
    .option(
      '--portal-sim-url <url>',
      'drive a portal simulator at this origin instead of GOV.UK, e.g. http://127.0.0.1:8090 (env RTW_PORTAL_SIM_URL)',
    )
    .option(
      '--portal-url-right-to-work <url>',
      'right-to-work entry: full URL of its first page or GOV.UK start page (env RTW_PORTAL_URL_RIGHT_TO_WORK)',
    )
    .option(
      '--portal-url-right-to-rent <url>',
      'right-to-rent entry: full URL of its first page or GOV.UK start page (env RTW_PORTAL_URL_RIGHT_TO_RENT)',
    )
    .option(
      '--portal-url-immigration-status <url>',
      'immigration-status entry: full URL of its first page or GOV.UK start page (env RTW_PORTAL_URL_IMMIGRATION_STATUS)',
    )
    .option(
      '--check-slots <n>',
      `live checks run at once (env RTW_CHECK_SLOTS; default from cores and memory: ${DEFAULT_CHECK_SLOTS} here)`,
    )
    .option(
      '--check-timeout <seconds>',
      `longest a live check may take (env RTW_CHECK_TIMEOUT_SECONDS; default ${DEFAULT_CHECK_TIMEOUT_SECONDS})`,
    )
    .option('--chromium-path <path>', 'the Chromium binary to drive (env RTW_CHROMIUM_PATH)')
    .option(
      '--browser-dir <dir>',
      "the browser's private folder: profile and downloads, swept at start (env RTW_BROWSER_DIR; default browser/ in the data folder)",
    )
    .option(
      '--portal-javascript <on|off>',
      "run the portal pages' own scripts (env RTW_PORTAL_JAVASCRIPT; default off)",
    )
    .option(
      '--webhooks-unsafe-allow-hosts <hosts>',
      'TESTS ONLY: comma-separated hosts webhooks may reach although internal, e.g. 127.0.0.1,localhost (env RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS)',
    )
    .option(
      '--no-portal-driver',
      'no browser: live keys get 500 INTERNAL, sandbox keys work as usual (env RTW_PORTAL_DRIVER=off)',
    ),
).action(async (flags: ConfigFlags) => {
  // Loaded here, not at the top: the admin commands need neither the HTTP stack nor the browser
  // driver, and loading them cost a second per command (decisions.md, "First-day fixes").
  const { startServer } = await import('./start-server.js');
  const server = await startServer(flags);
  process.stderr.write(startedBanner(server.url));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.stderr.write(`rtw-server: second ${signal}, exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`rtw-server: shutdown failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
});

/** Runs one admin action against the configured database and prints its answer. */
async function withAdmin<T>(
  flags: ConfigFlags,
  action: (admin: Admin, database: Database) => Promise<Result<T, string>>,
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

registerPortalCommands(program);

const accounts = program.command('accounts').description('Create and change accounts.');
databaseOptions(
  accounts
    .command('create')
    .description('Create an account; prints its id.')
    .requiredOption('--email <email>', "the owner's e-mail address")
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory()),
).action((flags: ConfigFlags & { email: string; plan: string }) =>
  withAdmin(
    flags,
    (admin) => admin.createAccount({ email: flags.email, plan: flags.plan }),
    (account) => account.id,
  ),
);
databaseOptions(
  accounts
    .command('set-plan')
    .description("Change an account's plan.")
    .requiredOption('--account <id>', 'account id (acc_...)')
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory()),
).action((flags: ConfigFlags & { account: string; plan: string }) =>
  withAdmin(
    flags,
    (admin) => admin.setPlan(flags.account, flags.plan),
    (a) => `${a.id} ${a.plan}`,
  ),
);
databaseOptions(
  accounts
    .command('set-subscription')
    .description("Change an account's subscription status.")
    .requiredOption('--account <id>', 'account id (acc_...)')
    .addOption(
      new Option('--status <status>', 'subscription status')
        .choices(SUBSCRIPTION_STATUSES)
        .makeOptionMandatory(),
    ),
).action((flags: ConfigFlags & { account: string; status: string }) =>
  withAdmin(
    flags,
    (admin) => admin.setSubscriptionStatus(flags.account, flags.status),
    (a) => `${a.id} ${a.subscriptionStatus}`,
  ),
);
databaseOptions(
  accounts
    .command('usage')
    .description("Show an account's live checks and overage for a month (default: this month, UTC).")
    .requiredOption('--account <id>', 'account id (acc_...)')
    .option('--period <YYYY-MM>', 'month'),
).action((flags: ConfigFlags & { account: string; period?: string }) =>
  withAdmin(
    flags,
    (admin) => admin.usage(flags.account, flags.period),
    (u) =>
      `${u.period} plan=${u.plan} included=${u.includedChecks} used=${u.used} in_progress=${u.inProgress} ` +
      `overage_checks=${u.overageChecks} overage=£${(u.overagePence / 100).toFixed(2)}`,
  ),
);
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
    (admin) => admin.setDefaultCallbackUrl(flags.account, flags.mode, flags.url ?? null),
    (url) => `${flags.account} ${flags.mode} ${url ?? 'poll-only'}`,
  );
});

databaseOptions(
  accounts
    .command('set-password')
    .description(
      "Set the owner's dashboard password, read from stdin or --password-file (at least 12 characters); signs the owner out everywhere.",
    )
    .requiredOption('--account <id>', 'account id (acc_...)')
    .option('--password-file <file>', 'a file holding the password (one trailing line break is ignored)'),
).action((flags: ConfigFlags & { account: string; passwordFile?: string }) => {
  const password = readPassword(flags.passwordFile);
  if (!password.ok) {
    process.stderr.write(`rtw-server: ${password.error}\n`);
    process.exitCode = 2;
    return;
  }
  return withAdmin(
    flags,
    (_admin, database) =>
      createDashboardAdmin({ repo: database.dashboard, now: () => new Date() }).setPassword(
        flags.account,
        password.value,
      ),
    () => `${flags.account} password set`,
  );
});

/** The password from a file or from piped stdin; never from a flag (it would sit in shell history). */
function readPassword(file: string | undefined): Result<string, string> {
  let text: string;
  try {
    if (file !== undefined) text = readFileSync(file, 'utf8');
    else if (process.stdin.isTTY) {
      return fail(
        'pipe the password on stdin (printf \'%s\' "$PASSWORD" | rtw-server accounts set-password --account ID) or give --password-file',
      );
    } else text = readFileSync(0, 'utf8');
  } catch (error) {
    return fail(`cannot read the password: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return ok(text.replace(/\r?\n$/, ''));
}

const keys = program.command('keys').description('Create, list and revoke API keys.');
databaseOptions(
  keys
    .command('rotate-encryption')
    .description(
      'Rotate the encryption key: a new key seals every value again (the key file), or is printed for RTW_ENCRYPTION_KEY.',
    ),
).action(async (flags: ConfigFlags) => {
  const config = loadDatabaseConfig(flags, process.env);
  if (!config.ok) {
    process.stderr.write(config.error.map((problem) => `rtw-server: ${problem}\n`).join(''));
    process.exitCode = 1;
    return;
  }
  const { rotateEncryptionKey } = await import('./store/rotate-encryption-key.js');
  const rotated = await rotateEncryptionKey(config.value);
  if (!rotated.ok) {
    process.stderr.write(`rtw-server: ${rotated.error}\n`);
    process.exitCode = 1;
    return;
  }
  const done = rotated.value;
  if (done.kind === 'environment') {
    process.stdout.write(`${done.newKey}\n`);
    process.stderr.write(
      'A new encryption key is printed above. Put it first in RTW_ENCRYPTION_KEY, before the key(s) in use, ' +
        'comma-separated (RTW_ENCRYPTION_KEY="NEW,OLD"), in every process, and restart them. Each server reads ' +
        'old values with the old key and seals them again with the new one in the background; when its log says ' +
        '"the old keys can be removed", drop the old key from the variable.\n',
    );
    return;
  }
  if (done.unreadable > 0) {
    process.stderr.write(
      `rtw-server: ${done.resealed} values sealed with the new key, but ${done.unreadable} open with no known key; the old keys stay in ${done.path}.\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    `Encryption key rotated: ${done.resealed} values sealed again with the new key; ${done.path} holds only the new key.\n`,
  );
});
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
    return withAdmin(
      flags,
      (admin) => admin.createAnonymousTestKey(),
      (created) => created.key,
    );
  }
  const account = flags.account;
  if (account === undefined) {
    process.stderr.write('rtw-server: give --account (or --anonymous for an unowned sandbox key)\n');
    process.exitCode = 2;
    return;
  }
  return withAdmin(
    flags,
    (admin) => admin.createApiKey(account, flags.mode),
    (created) => created.key,
  );
});
databaseOptions(
  keys
    .command('claim')
    .description('Give an anonymous sandbox key, and the checks it made, to an account.')
    .requiredOption('--key <key>', 'the key (rtw_test_...) or its id (key_...)')
    .requiredOption('--account <id>', 'account id (acc_...)'),
).action((flags: ConfigFlags & { key: string; account: string }) =>
  withAdmin(
    flags,
    (admin) => admin.claimKey(flags.key, flags.account),
    (k) => `${k.id} claimed by ${k.accountId}`,
  ),
);
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
  return withAdmin(
    flags,
    (admin) => admin.revokeApiKey(target),
    (k) => `${k.id} revoked`,
  );
});
databaseOptions(
  keys
    .command('list')
    .description("List an account's keys (prefixes only: keys are never stored).")
    .requiredOption('--account <id>', 'account id (acc_...)'),
).action((flags: ConfigFlags & { account: string }) =>
  withAdmin(
    flags,
    (admin) => admin.listApiKeys(flags.account),
    (list) =>
      list
        .map(
          (k) =>
            `${k.id} ${k.mode} ${k.prefix} ${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active'}`,
        )
        .join('\n'),
  ),
);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
