import { join } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import type { AccountsRepo, RateLimitRepo, UsageRepo } from '../accounts/ports.js';
import type { AsyncChecksRepo } from '../checks/async-ports.js';
import type { CheckCopiesRepo } from '../checks/ports.js';
import type { DatabaseConfig } from '../config.js';
import type { DashboardRepo } from '../dashboard/dashboard-ports.js';
import type { RecentChecksRepo } from '../dashboard/recent-checks-port.js';
import type { InstancesRepo } from '../health/cluster-ports.js';
import type { PortalHealthStore } from '../health/portal-health.js';
import type { QueueStatsSource } from '../queue/queue-stats.js';
import type { CheckRequestsRepo } from '../requests/request-ports.js';
import type {
  WebhookDeliveriesRepo,
  WebhookSecretsRepo,
  WebhookSweepReport,
} from '../webhooks/webhook-ports.js';
import { createAccountsRepo } from './accounts-repo.js';
import { createAsyncChecksRepo } from './async-checks-repo.js';
import { cacheAuthentication } from './cached-accounts-repo.js';
import { createCheckCopiesRepo } from './check-copies-repo.js';
import { createCheckRequestsRepo } from './check-requests-repo.js';
import { createDashboardRepo } from './dashboard-repo.js';
import { lockDataDir } from './data-dir-lock.js';
import { createSealingKeys } from './data-keys.js';
import { withDataKeys } from './data-keys-db.js';
import type { Db } from './db.js';
import { deriveKeys } from './derived-keys.js';
import { createKeyring } from './encryption.js';
import { verifyEncryptionKey } from './encryption-canary.js';
import { createInstancesRepo } from './instances-repo.js';
import { loadOrCreateKeyFile } from './key-file.js';
import { createMemoryRateLimitRepo } from './memory-rate-limit-repo.js';
import { hasMetaFlag, setMetaFlag } from './meta-flags.js';
import { migrate } from './migrations.js';
import { openPostgresDb } from './pg-db.js';
import { openPgliteDb } from './pglite-db.js';
import { createPortalHealthRepo } from './portal-health-repo.js';
import { createQueueStatsRepo } from './queue-stats-repo.js';
import { createRateLimitRepo } from './rate-limit-repo.js';
import { createRecentChecksRepo } from './recent-checks-repo.js';
import { markRetentionInBuckets, type ResealReport, resealBatch, retentionInBuckets } from './reseal.js';
import { type SweepReport, sweepExpired } from './retention.js';
import { schemaStatus } from './schema-status.js';
import { type CompactedTable, compactTables, deleteSpentDataKeys } from './shred-sql.js';
import { createUsageRepo } from './usage-repo.js';
import { createWebhookDeliveriesRepo } from './webhook-deliveries-repo.js';
import { createWebhookSecretsRepo } from './webhook-secrets-repo.js';

export interface DatabaseSweepReport extends SweepReport, WebhookSweepReport {
  readonly dashboardSessions: number;
  /** Data keys of past days deleted (crypto-shredding, data-keys.ts). */
  readonly dataKeys: number;
}

/** An open, migrated database with the repositories the domain uses. */
export interface Database {
  readonly db: Db;
  readonly accounts: AccountsRepo;
  readonly usage: UsageRepo;
  readonly rateLimits: RateLimitRepo;
  readonly checkCopies: CheckCopiesRepo;
  /** Asynchronous checks, which are also the queue's entries. */
  readonly asyncChecks: AsyncChecksRepo;
  /** Check requests (an applicant's link), with their latest checks. */
  readonly checkRequests: CheckRequestsRepo;
  /** Webhook deliveries (their own queue entries) and the 7-day attempt log. */
  readonly webhookDeliveries: WebhookDeliveriesRepo;
  /** The per-account, per-mode signing secrets, sealed. */
  readonly webhookSecrets: WebhookSecretsRepo;
  /** Dashboard passwords and sessions. */
  readonly dashboard: DashboardRepo;
  /**
   * Seals again with the current key up to `limit` values held under an older one (after a key
   * rotation), and moves values written before crypto-shredding to their data keys; 0 re-sealed
   * means none is left.
   */
  reseal(limit: number): Promise<ResealReport>;
  /**
   * After the last `reseal`: compacts the tables it changed (and the data keys'), so no old value
   * survives in their files, writes a checkpoint, and records that every value whose retention ends
   * is under a data key. `checkpoint` false: PostgreSQL refused CHECKPOINT to this role. `complete`
   * false: a transaction older than the re-seal still ran, so old versions may be left until the next
   * compaction (the next start's pass).
   */
  finishReseal(
    tables: readonly CompactedTable[],
  ): Promise<{ readonly checkpoint: boolean; readonly complete: boolean }>;
  /** Whether values may still be held under older keys (more than one key configured). */
  readonly hasPreviousKeys: boolean;
  /** The id of the key values are sealed with now (8 hex digits, not the key itself). */
  readonly currentKeyId: string;
  /** Whether a re-seal pass is due: older keys configured, or values written before crypto-shredding. */
  readonly needsReseal: boolean;
  /** HMAC keys of the dashboard's device cookies, derived from the encryption keys (the first signs). */
  readonly cookieKeys: readonly Buffer[];
  /** Checks' metadata for the dashboard's list (no sealed column is read). */
  readonly recentChecks: RecentChecksRepo;
  /** The cluster's queue figures (metrics scrapes). */
  readonly queueStats: QueueStatsSource;
  /** The portal health every instance on this database records and reads. */
  readonly portalHealth: PortalHealthStore;
  /** The instances on this database, and the queue's summary (`rtw-server status`). */
  readonly instances: InstancesRepo;
  /** The retention sweep as of `now` (see retention.ts), webhook log and dashboard sessions included. */
  sweep(now: Date): Promise<DatabaseSweepReport>;
  /** For GET /readyz: null when the database answers and is fully migrated, else why not. */
  readiness(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`; applies migrations; checks the
 * encryption key against the database. Failures come back as one clear message.
 */
export async function openDatabase(
  config: DatabaseConfig,
  options: { readonly now?: () => Date; readonly maxConnections?: number } = {},
): Promise<Outcome<Database, string>> {
  const now = options.now ?? (() => new Date());
  const keys = config.encryptionKey
    ? ok([config.encryptionKey, ...(config.previousEncryptionKeys ?? [])])
    : config.databaseUrl === null
      ? loadOrCreateKeyFile(config.dataDir)
      : fail('RTW_ENCRYPTION_KEY is required with a PostgreSQL database.');
  if (!keys.ok) return keys;
  const cipher = createKeyring(keys.value);
  const sealing = createSealingKeys(cipher);

  let unlock = () => {};
  let db: Db;
  try {
    if (config.databaseUrl !== null) {
      db = await openPostgresDb(config.databaseUrl, options.maxConnections);
    } else {
      const lock = lockDataDir(config.dataDir);
      if (!lock.ok) return lock;
      unlock = lock.value;
      db = await openPgliteDb(join(config.dataDir, 'pgdata'));
    }
  } catch (error) {
    unlock();
    return fail(`Could not open the database ${describe(config)}: ${(error as Error).message}`);
  }

  const closeAll = async () => {
    try {
      await db.close();
    } finally {
      unlock();
    }
  };
  let legacy = false;
  try {
    await migrate(db, now());
    const keyCheck = await verifyEncryptionKey(db, cipher);
    if (!keyCheck.ok) {
      await closeAll();
      return fail(keyCheck.error);
    }
    legacy = !(await retentionInBuckets(db));
  } catch (error) {
    await closeAll().catch(() => {});
    return fail(`Could not prepare the database ${describe(config)}: ${(error as Error).message}`);
  }

  // The embedded database belongs to this process alone (lockDataDir): keys can be remembered and
  // rate limits counted in memory. On PostgreSQL other processes share both, so they live in SQL.
  const embedded = db.kind === 'pglite';
  // Repositories of values whose retention ends read through it: it loads the data keys they name.
  const sealedDb = withDataKeys(db, sealing);
  const webhookDeliveries = createWebhookDeliveriesRepo(sealedDb, sealing);
  const dashboard = createDashboardRepo(db);
  return ok({
    db,
    accounts: embedded ? cacheAuthentication(createAccountsRepo(db, cipher)) : createAccountsRepo(db, cipher),
    usage: createUsageRepo(db),
    rateLimits: embedded ? createMemoryRateLimitRepo() : createRateLimitRepo(db),
    checkCopies: createCheckCopiesRepo(sealedDb, sealing),
    asyncChecks: createAsyncChecksRepo(sealedDb, sealing),
    checkRequests: createCheckRequestsRepo(sealedDb, sealing),
    webhookDeliveries,
    webhookSecrets: createWebhookSecretsRepo(db, cipher),
    dashboard,
    recentChecks: createRecentChecksRepo(db),
    queueStats: createQueueStatsRepo(db),
    portalHealth: createPortalHealthRepo(db),
    instances: createInstancesRepo(db),
    reseal: (limit) => resealBatch(sealedDb, sealing, limit),
    async finishReseal(tables) {
      const { checkpoint, complete } = await compactTables(
        db,
        [...tables, 'data_keys'],
        config.compactionWaitMs,
      );
      await setMetaFlag(db, 'data_keys_compaction_due', !complete);
      await markRetentionInBuckets(db);
      return { checkpoint, complete };
    },
    hasPreviousKeys: cipher.keyIds.length > 1,
    currentKeyId: cipher.keyIds[0] ?? '',
    cookieKeys: deriveKeys(keys.value, 'dashboard device cookie'),
    needsReseal: cipher.keyIds.length > 1 || legacy,
    sweep: async (at) => {
      const report = {
        ...(await sweepExpired(db, at)),
        ...(await webhookDeliveries.sweep(at)),
        dashboardSessions: await dashboard.sweep(at),
      };
      // The data first, then the keys of the days that have passed, then no old version of them.
      const shredded = await deleteSpentDataKeys(db, at);
      sealing.forget(shredded);
      sealing.forgetOpenChecks();
      // A compaction that an older transaction held back (shred-sql.ts) runs again at the next sweep.
      if (shredded.length > 0 || (await hasMetaFlag(db, 'data_keys_compaction_due'))) {
        const { complete } = await compactTables(db, ['data_keys'], config.compactionWaitMs);
        await setMetaFlag(db, 'data_keys_compaction_due', !complete);
      }
      return { ...report, dataKeys: shredded.length };
    },
    readiness: () => schemaStatus(db),
    close: closeAll,
  });
}

/** Where the database is, without a password. */
function describe(config: DatabaseConfig): string {
  if (config.databaseUrl === null) return `in ${join(config.dataDir, 'pgdata')}`;
  try {
    const url = new URL(config.databaseUrl);
    return `at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return '(unreadable URL)';
  }
}
