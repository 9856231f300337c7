#!/usr/bin/env node
import { Command } from 'commander';
import { registerAccountsCreate } from './commands/accounts-create.js';
import { registerAccountsList } from './commands/accounts-list.js';
import { registerAccountsSetCallback } from './commands/accounts-set-callback.js';
import { registerAccountsSetPassword } from './commands/accounts-set-password.js';
import { registerAccountsSetPlan } from './commands/accounts-set-plan.js';
import { registerAccountsSetSubscription } from './commands/accounts-set-subscription.js';
import { registerAccountsUsage } from './commands/accounts-usage.js';
import { registerKeysClaim } from './commands/keys-claim.js';
import { registerKeysCreate } from './commands/keys-create.js';
import { registerKeysList } from './commands/keys-list.js';
import { registerKeysRevoke } from './commands/keys-revoke.js';
import { registerKeysRotateEncryption } from './commands/keys-rotate-encryption.js';
import { registerPortalCommands } from './commands/portal-probe.js';
import { registerStartCommand } from './commands/start-command.js';
import { registerStatusCommand } from './commands/status-command.js';
import { SERVER_VERSION } from './version.js';

// Only dispatching here: each subcommand is in commands/, and the heavy parts (the HTTP stack, the
// browser driver) load inside the action that needs them, so admin commands stay quick.
const program = new Command('rtw-server')
  .description('The reference share-code check service: HTTP API, portal driver, accounts, keys, quotas.')
  .version(SERVER_VERSION, '-V, --version', 'print the version of rtw-server')
  .showHelpAfterError();

registerStartCommand(program);
registerStatusCommand(program);
registerPortalCommands(program);

const accounts = program.command('accounts').description('Create and change accounts.');
registerAccountsCreate(accounts);
registerAccountsList(accounts);
registerAccountsSetPlan(accounts);
registerAccountsSetSubscription(accounts);
registerAccountsUsage(accounts);
registerAccountsSetCallback(accounts);
registerAccountsSetPassword(accounts);

const keys = program.command('keys').description('Create, list and revoke API keys.');
registerKeysRotateEncryption(keys);
registerKeysCreate(keys);
registerKeysClaim(keys);
registerKeysRevoke(keys);
registerKeysList(keys);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
