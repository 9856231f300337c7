import { fail, type Outcome, ok } from '@sharecode/core';
import type { AccountUsage, Admin } from '../accounts/admin.js';
import type { AccountRecord, KeyRecord } from '../accounts/ports.js';
import type { DashboardAdmin } from '../dashboard/dashboard-admin.js';
import type { ClusterStatus } from '../health/cluster-status.js';
import { clusterStatusWire } from '../health/cluster-status-wire.js';

/** What `keys rotate-encryption` did (store/rotate-encryption-key.ts). */
export type EncryptionRotation =
  | {
      readonly kind: 'key-file';
      readonly path: string;
      readonly resealed: number;
      readonly unreadable: number;
    }
  | { readonly kind: 'environment'; readonly newKey: string; readonly currentKeys: number };

/**
 * What an operation works with. The `rtw-server accounts|keys` commands build one over the database
 * they open (PostgreSQL, or an embedded folder no server holds), the running server over its own
 * (for a command that reached it through the admin socket): the same operations either way.
 */
export interface AdminContext {
  readonly admin: Admin;
  readonly dashboardAdmin: DashboardAdmin;
  rotateEncryption(): Promise<Outcome<EncryptionRotation, string>>;
  /** Instances, queue and portal health as the database tells them (`rtw-server status`). */
  status(): Promise<ClusterStatus>;
}

/** Parameters as they cross the socket: strings, or absent. */
export type AdminParams = Readonly<Record<string, string | undefined>>;

export interface AccountView {
  readonly id: string;
  readonly email: string;
  readonly plan: string;
  readonly subscription_status: string;
  readonly created_at: string;
}

export interface KeyView {
  readonly id: string;
  readonly account_id: string;
  readonly mode: string;
  readonly prefix: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

const accountView = (a: AccountRecord): AccountView => ({
  id: a.id,
  email: a.email,
  plan: a.plan,
  subscription_status: a.subscriptionStatus,
  created_at: a.createdAt.toISOString(),
});

const keyView = (k: KeyRecord): KeyView => ({
  id: k.id,
  account_id: k.accountId,
  mode: k.mode,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  revoked_at: k.revokedAt ? k.revokedAt.toISOString() : null,
});

const map =
  <A, B>(fn: (a: A) => B) =>
  (outcome: Outcome<A, string>): Outcome<B, string> =>
    outcome.ok ? ok(fn(outcome.value)) : outcome;

/** A required parameter (commander has already insisted on it; the socket may not have). */
const need = (params: AdminParams, name: string): string => params[name] ?? '';

interface Operation<T> {
  /** False: runs without the database (the local command then opens none). */
  readonly database: boolean;
  run(context: AdminContext, params: AdminParams): Promise<Outcome<T, string>>;
}

const operation = <T>(
  run: (context: AdminContext, params: AdminParams) => Promise<Outcome<T, string>>,
  database = true,
): Operation<T> => ({ database, run });

/** Every admin command's domain work, by name; results are plain JSON (they cross a socket). */
export const ADMIN_OPERATIONS = {
  'accounts.create': operation(async ({ admin }, p) =>
    map(accountView)(await admin.createAccount({ email: need(p, 'email'), plan: need(p, 'plan') })),
  ),
  'accounts.list': operation(async ({ admin }) =>
    map((list: AccountRecord[]) => list.map(accountView))(await admin.listAccounts()),
  ),
  'accounts.set-plan': operation(async ({ admin }, p) =>
    map(accountView)(await admin.setPlan(need(p, 'account'), need(p, 'plan'))),
  ),
  'accounts.set-subscription': operation(async ({ admin }, p) =>
    map(accountView)(await admin.setSubscriptionStatus(need(p, 'account'), need(p, 'status'))),
  ),
  'accounts.usage': operation(
    async ({ admin }, p): Promise<Outcome<AccountUsage, string>> => admin.usage(need(p, 'account'), p.period),
  ),
  'accounts.set-callback': operation(async ({ admin }, p) =>
    map((url: string | null) => ({ url }))(
      await admin.setDefaultCallbackUrl(need(p, 'account'), need(p, 'mode'), p.url ?? null),
    ),
  ),
  'accounts.set-password': operation(async ({ dashboardAdmin }, p) =>
    map(() => ({}))(await dashboardAdmin.setPassword(need(p, 'account'), need(p, 'password'))),
  ),
  'keys.create': operation(async ({ admin }, p) =>
    map((created: { key: string; record: KeyRecord }) => ({ key: created.key, id: created.record.id }))(
      p.anonymous === 'true'
        ? await admin.createAnonymousTestKey()
        : await admin.createApiKey(need(p, 'account'), need(p, 'mode')),
    ),
  ),
  'keys.claim': operation(async ({ admin }, p) =>
    map(keyView)(await admin.claimKey(need(p, 'key'), need(p, 'account'))),
  ),
  'keys.revoke': operation(async ({ admin }, p) => map(keyView)(await admin.revokeApiKey(need(p, 'key')))),
  'keys.list': operation(async ({ admin }, p) =>
    map((list: KeyRecord[]) => list.map(keyView))(await admin.listApiKeys(need(p, 'account'))),
  ),
  'keys.rotate-encryption': operation(async (context) => context.rotateEncryption(), false),
  'cluster.status': operation(async ({ status }) => ok(clusterStatusWire(await status()))),
} as const;

export type AdminOperationName = keyof typeof ADMIN_OPERATIONS;
export type AdminResult<N extends AdminOperationName> =
  Awaited<ReturnType<(typeof ADMIN_OPERATIONS)[N]['run']>> extends Outcome<infer T, string> ? T : never;

export const isAdminOperation = (name: string): name is AdminOperationName =>
  Object.hasOwn(ADMIN_OPERATIONS, name);

/** Runs one operation by name; a throw below becomes a failure, never a crash of the server. */
export async function runAdminOperation(
  context: AdminContext,
  name: string,
  params: AdminParams,
): Promise<Outcome<unknown, string>> {
  if (!isAdminOperation(name)) return fail(`Unknown admin command ${JSON.stringify(name)}.`);
  try {
    return await ADMIN_OPERATIONS[name].run(context, params);
  } catch (error) {
    return fail(`The command failed: ${(error as Error).message.split('\n')[0]}`);
  }
}
