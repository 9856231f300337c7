import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import { type DashboardConfig, loadDashboardConfig } from './dashboard/dashboard-config.js';
import { type Env, present } from './env-values.js';
import { type ClusterConfig, loadClusterConfig } from './health/cluster-config.js';
import { type EdgeConfig, type EdgeFlags, loadEdgeConfig } from './http/edge-config.js';
import { LOG_LEVELS, type LogLevel } from './logger.js';
import { loadMetricsPort, type MetricsFlags } from './metrics/metrics-config.js';
import { loadPortalConfig, type PortalConfig, type PortalFlags } from './portal/portal-config.js';
import { readPublicUrl } from './public-url.js';
import { type AsyncChecksConfig, fitAsyncToSlots, loadAsyncChecksConfig } from './queue/async-config.js';
import { parseEncryptionKeys } from './store/encryption.js';
import { loadWebhooksConfig, type WebhooksConfig, type WebhooksFlags } from './webhooks/webhook-config.js';

/** Everything the server reads from flags and the environment, validated once at start. */
export interface DatabaseConfig {
  /** Embedded database folder (PGlite) and, when RTW_ENCRYPTION_KEY is unset, its key file. */
  readonly dataDir: string;
  /** A PostgreSQL server instead of the embedded database; null: embedded. */
  readonly databaseUrl: string | null;
  /** From RTW_ENCRYPTION_KEY; null: the embedded database's key file (created on first start). */
  readonly encryptionKey: Buffer | null;
  /**
   * Earlier keys still readable after a rotation (RTW_ENCRYPTION_KEY="new,old"): values sealed with
   * them open, and the server seals them again with the current key in the background.
   */
  readonly previousEncryptionKeys?: readonly Buffer[];
  /**
   * How long compacting after a deletion waits for older transactions to end (shred-sql.ts); tests
   * shorten it. Default 60 s.
   */
  readonly compactionWaitMs?: number;
}

export interface ServerConfig extends DatabaseConfig {
  readonly host: string;
  readonly port: number;
  readonly upgradeUrl: string;
  /** RTW_PUBLIC_URL: the origin of the applicants' links; null: each request's own origin. */
  readonly publicUrl: string | null;
  readonly logLevel: LogLevel;
  readonly sweepIntervalMs: number;
  /** Retry schedules, lease, poll interval and concurrency of asynchronous checks (queue/async-config.ts). */
  readonly asyncChecks: AsyncChecksConfig;
  /** Whether live keys drive the GOV.UK portals (Chromium needed) or answer a synchronous live check 503 BUSY with Retry-After. */
  readonly portalDriver: boolean;
  /** The portal driver's base URLs, check slots, timeout and browser (portal/portal-config.ts). */
  readonly portal: PortalConfig;
  /** Webhook delivery: schedule, unsafe test hosts, CA, concurrency, SMTP (webhooks/webhook-config.ts). */
  readonly webhooks: WebhooksConfig;
  readonly dashboard: DashboardConfig;
  /** Trusted proxies, connection caps, keep-alive, the operator token (http/edge-config.ts). */
  readonly edge: EdgeConfig;
  /** The Prometheus metrics listener's port, on `host`; null (default): no metrics. */
  readonly metricsPort: number | null;
  /** How instances on a shared database register and heartbeat (health/cluster-config.ts). */
  readonly cluster: ClusterConfig;
}

/** Command-line flags as commander hands them over (all optional strings). */
export interface ConfigFlags extends PortalFlags, WebhooksFlags, EdgeFlags, MetricsFlags {
  readonly port?: string | number | undefined;
  readonly host?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly databaseUrl?: string | undefined;
  readonly upgradeUrl?: string | undefined;
  readonly logLevel?: string | undefined;
  /** `rtw-server start` sets it (off with --no-portal-driver); the library leaves the driver off by default. */
  readonly portalDriver?: boolean | undefined;
}

export type { Env };

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.rtw-data';
const DEFAULT_SWEEP_SECONDS = 60;

/** Reads the database settings (shared by `start` and the account and key commands). */
export function loadDatabaseConfig(flags: ConfigFlags, env: Env): Outcome<DatabaseConfig, string[]> {
  const problems: string[] = [];
  const dataDir = resolve(present(flags.dataDir) ?? present(env.RTW_DATA_DIR) ?? DEFAULT_DATA_DIR);
  const databaseUrl =
    present(flags.databaseUrl) ??
    present(env.DATABASE_URL) ??
    secretFile(env, 'DATABASE_URL', problems) ??
    null;
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) {
    problems.push(
      'The database URL (--database-url or DATABASE_URL) must look like postgres://user@host:5432/database.',
    );
  }
  let encryptionKey: Buffer | null = null;
  let previousEncryptionKeys: Buffer[] = [];
  const rawKey = present(env.RTW_ENCRYPTION_KEY) ?? secretFile(env, 'RTW_ENCRYPTION_KEY', problems);
  if (rawKey !== undefined) {
    const parsed = parseEncryptionKeys(rawKey, 'RTW_ENCRYPTION_KEY');
    if (parsed.ok) [encryptionKey = null, ...previousEncryptionKeys] = parsed.value;
    else problems.push(parsed.error);
  } else if (databaseUrl !== null) {
    problems.push(
      'RTW_ENCRYPTION_KEY is required with a PostgreSQL database (every process sharing it must use the same key; or RTW_ENCRYPTION_KEY_FILE naming a file that holds it): ' +
        'generate one with `openssl rand -base64 32` and keep it safe.',
    );
  }
  if (problems.length > 0) return fail(problems);
  return ok({ dataDir, databaseUrl, encryptionKey, previousEncryptionKeys });
}

/**
 * NAME_FILE: the setting read from a file (a podman or Docker secret mounted at /run/secrets/...,
 * which `podman inspect` does not show, unlike the environment), trimmed. Undefined when NAME_FILE is
 * unset; a file that cannot be read, or is empty, is a problem naming it.
 */
function secretFile(env: Env, name: string, problems: string[]): string | undefined {
  const path = present(env[`${name}_FILE`]);
  if (path === undefined) return undefined;
  try {
    const text = readFileSync(path, 'utf8').trim();
    if (text !== '') return text;
    problems.push(`${name}_FILE names ${path}, which is empty: put the ${name} value in it.`);
  } catch (error) {
    problems.push(
      `${name}_FILE names ${path}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): mount the file (a podman secret) and make it readable by the server's user.`,
    );
  }
  return undefined;
}

export function loadConfig(flags: ConfigFlags, env: Env): Outcome<ServerConfig, string[]> {
  const database = loadDatabaseConfig(flags, env);
  const problems = database.ok ? [] : [...database.error];

  const portText = present(flags.port) ?? present(env.RTW_PORT) ?? String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535))
    problems.push('The port (--port or RTW_PORT) must be a number from 0 to 65535.');

  const host = present(flags.host) ?? present(env.RTW_HOST) ?? DEFAULT_HOST;

  const upgradeUrl =
    present(flags.upgradeUrl) ??
    present(env.RTW_UPGRADE_URL) ??
    `http://${urlHost(host)}:${Number.isNaN(port) ? DEFAULT_PORT : port}/dashboard/billing`;
  if (!isHttpUrl(upgradeUrl)) {
    problems.push('The upgrade URL (--upgrade-url or RTW_UPGRADE_URL) must be an http:// or https:// URL.');
  }

  const publicUrl = readPublicUrl(env.RTW_PUBLIC_URL);
  if (!publicUrl.ok) problems.push(publicUrl.error);

  const levelText = present(flags.logLevel) ?? present(env.RTW_LOG_LEVEL) ?? 'info';
  const logLevel = LOG_LEVELS.find((level) => level === levelText);
  if (!logLevel)
    problems.push(`The log level (--log-level or RTW_LOG_LEVEL) must be one of ${LOG_LEVELS.join(', ')}.`);

  const sweepText = present(env.RTW_SWEEP_INTERVAL_SECONDS) ?? String(DEFAULT_SWEEP_SECONDS);
  const sweepSeconds = /^\d{1,6}$/.test(sweepText) ? Number(sweepText) : 0;
  if (sweepSeconds < 1)
    problems.push('RTW_SWEEP_INTERVAL_SECONDS must be a whole number of seconds, at least 1.');

  const portal = loadPortalConfig(flags, env);
  if (!portal.ok) problems.push(...portal.error);
  const asyncChecks = loadAsyncChecksConfig(env);
  if (!asyncChecks.ok) problems.push(...asyncChecks.error);
  const portalDriver = flags.portalDriver === true && present(env.RTW_PORTAL_DRIVER) !== 'off';
  const webhooks = loadWebhooksConfig(flags, env);
  if (!webhooks.ok) problems.push(...webhooks.error);
  const dashboard = loadDashboardConfig(env);
  if (!dashboard.ok) problems.push(...dashboard.error);
  const edge = loadEdgeConfig(flags, env);
  if (!edge.ok) problems.push(...edge.error);
  const metricsPort = loadMetricsPort(flags, env, port);
  if (!metricsPort.ok) problems.push(metricsPort.error);
  const cluster = loadClusterConfig(env);
  if (!cluster.ok) problems.push(...cluster.error);

  if (
    problems.length > 0 ||
    !database.ok ||
    !logLevel ||
    !publicUrl.ok ||
    !portal.ok ||
    !asyncChecks.ok ||
    !webhooks.ok ||
    !dashboard.ok ||
    !edge.ok ||
    !metricsPort.ok ||
    !cluster.ok
  )
    return fail(problems);
  return ok({
    ...database.value,
    host,
    port,
    upgradeUrl,
    publicUrl: publicUrl.value,
    logLevel,
    sweepIntervalMs: sweepSeconds * 1000,
    asyncChecks: portalDriver
      ? fitAsyncToSlots(asyncChecks.value, portal.value.slots, env)
      : asyncChecks.value,
    portalDriver,
    portal: portal.value,
    webhooks: webhooks.value,
    dashboard: dashboard.value,
    edge: edge.value,
    metricsPort: metricsPort.value,
    cluster: cluster.value,
  });
}

/** True when `text` is a URL with one of these schemes (as `new URL` writes them: "https:"). */
function hasProtocol(text: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

const isPostgresUrl = (text: string): boolean => hasProtocol(text, ['postgres:', 'postgresql:']);
const isHttpUrl = (text: string): boolean => hasProtocol(text, ['http:', 'https:']);

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
