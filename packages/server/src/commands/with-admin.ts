import { fail, type Outcome, ok } from '@sharecode/core';
import { createAdmin } from '../accounts/admin.js';
import {
  ADMIN_OPERATIONS,
  type AdminContext,
  type AdminOperationName,
  type AdminParams,
  type AdminResult,
  runAdminOperation,
} from '../admin/admin-operations.js';
import { askAdminSocket } from '../admin/admin-socket-client.js';
import { adminSocketPath } from '../admin/admin-socket-protocol.js';
import { createCallbackUrlPolicy } from '../checks/callback-url-policy.js';
import { type ConfigFlags, type DatabaseConfig, loadDatabaseConfig } from '../config.js';
import { createDashboardAdmin } from '../dashboard/dashboard-admin.js';
import { loadDashboardConfig } from '../dashboard/dashboard-config.js';
import { readClusterStatus } from '../health/cluster-status.js';
import { openDatabase } from '../store/open-database.js';
import { rotateEncryptionKey } from '../store/rotate-encryption-key.js';
import { SERVER_VERSION } from '../version.js';
import { loadWebhooksConfig } from '../webhooks/webhook-config.js';

/**
 * Runs one admin operation and prints its answer. On the embedded database a running server holds
 * the folder: the operation then runs inside it, through its admin socket; otherwise here, on the
 * database this command opens. Either way the same operation (admin/admin-operations.ts) does the work.
 */
export async function withAdmin<N extends AdminOperationName>(
  flags: ConfigFlags,
  name: N,
  params: AdminParams,
  print: (value: AdminResult<N>) => string,
): Promise<void> {
  const result = await runAdminCommand(flags, name, params);
  if (!result.ok) {
    process.stderr.write(result.error.map((problem) => `rtw-server: ${problem}\n`).join(''));
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${print(result.value as AdminResult<N>)}\n`);
}

export async function runAdminCommand(
  flags: ConfigFlags,
  name: AdminOperationName,
  params: AdminParams,
): Promise<Outcome<unknown, string[]>> {
  const config = loadDatabaseConfig(flags, process.env);
  if (!config.ok) return config;
  if (config.value.databaseUrl === null) {
    const reply = await askAdminSocket(adminSocketPath(config.value.dataDir), {
      version: SERVER_VERSION,
      command: name,
      params,
    });
    if (reply.kind === 'answer') return reply.answer.ok ? reply.answer : fail([reply.answer.error]);
  }
  const outcome = await runHere(config.value, name, params);
  // What crosses the socket is JSON: the same shape here, so both ways print alike.
  return outcome.ok ? ok(JSON.parse(JSON.stringify(outcome.value)) as unknown) : fail([outcome.error]);
}

async function runHere(
  config: DatabaseConfig,
  name: AdminOperationName,
  params: AdminParams,
): Promise<Outcome<unknown, string>> {
  const rotateEncryption = () => rotateEncryptionKey(config);
  if (!ADMIN_OPERATIONS[name].database) {
    const noDatabase = () => {
      throw new Error(`${name} opens no database`);
    };
    const context: AdminContext = {
      get admin() {
        return noDatabase();
      },
      get dashboardAdmin() {
        return noDatabase();
      },
      status: noDatabase,
      rotateEncryption,
    };
    return runAdminOperation(context, name, params);
  }
  const opened = await openDatabase(config);
  if (!opened.ok) return opened;
  const database = opened.value;
  // The same callback-URL rules as the server started with this environment.
  const webhooks = loadWebhooksConfig({}, process.env);
  const policy = createCallbackUrlPolicy(webhooks.ok ? webhooks.value.unsafeAllowHosts : []);
  const dashboard = loadDashboardConfig(process.env);
  const passwordCost = dashboard.ok ? dashboard.value.passwordCost : undefined;
  const now = () => new Date();
  try {
    return await runAdminOperation(
      {
        admin: createAdmin({
          accounts: database.accounts,
          usage: database.usage,
          now,
          validateCallbackUrl: policy.validate,
        }),
        dashboardAdmin: createDashboardAdmin({ repo: database.dashboard, now, passwordCost }),
        status: () =>
          readClusterStatus({
            instances: database.instances,
            portalHealth: { report: () => database.portalHealth.report(now()) },
          }),
        rotateEncryption,
      },
      name,
      params,
    );
  } finally {
    await database.close();
  }
}
