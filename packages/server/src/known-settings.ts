import type { Env } from './env-values.js';

/**
 * Every RTW_* environment variable the server reads (packages/server/README.md, "Configuration"):
 * a test keeps this list and the README's table the same.
 */
export const SERVER_SETTINGS: readonly string[] = [
  'RTW_ASYNC_CONCURRENCY',
  'RTW_ASYNC_LEASE_SECONDS',
  'RTW_ASYNC_LIVE_CONCURRENCY',
  'RTW_ASYNC_LIVE_RETRY_SECONDS',
  'RTW_ASYNC_POLL_INTERVAL_MS',
  'RTW_ASYNC_TEST_RETRY_SECONDS',
  'RTW_BROWSER_DIR',
  'RTW_CHECK_OVERHEAD_TARGET_MS',
  'RTW_CHECK_SLOTS',
  'RTW_CHECK_TIMEOUT_SECONDS',
  'RTW_CHROMIUM_PATH',
  'RTW_CHROMIUM_SANDBOX',
  'RTW_DASHBOARD_PASSWORD_COST',
  'RTW_DASHBOARD_SECURE_COOKIES',
  'RTW_DATA_DIR',
  'RTW_DRAIN_SECONDS',
  'RTW_ENCRYPTION_KEY',
  'RTW_ENCRYPTION_KEY_FILE',
  'RTW_HEARTBEAT_SECONDS',
  'RTW_HOST',
  'RTW_INSTANCE_NAME',
  'RTW_KEEP_ALIVE_SECONDS',
  'RTW_LOG_FORMAT',
  'RTW_LOG_LEVEL',
  'RTW_MAIL_FROM',
  'RTW_MAX_CONNECTIONS',
  'RTW_MAX_CONNECTIONS_PER_CLIENT',
  'RTW_METRICS_PORT',
  'RTW_OPERATOR_TOKEN',
  'RTW_PORT',
  'RTW_PORTAL_DRIVER',
  'RTW_PORTAL_JAVASCRIPT',
  'RTW_PORTAL_SIM_URL',
  'RTW_PORTAL_URL_IMMIGRATION_STATUS',
  'RTW_PORTAL_URL_RIGHT_TO_RENT',
  'RTW_PORTAL_URL_RIGHT_TO_WORK',
  'RTW_PUBLIC_URL',
  'RTW_SHUTDOWN_DELAY_SECONDS',
  'RTW_SMTP_URL',
  'RTW_SWEEP_INTERVAL_SECONDS',
  'RTW_TRUST_PROXY',
  'RTW_UPGRADE_URL',
  'RTW_WEBHOOKS_CA_FILE',
  'RTW_WEBHOOKS_CONCURRENCY',
  'RTW_WEBHOOKS_LEASE_SECONDS',
  'RTW_WEBHOOKS_POLL_INTERVAL_MS',
  'RTW_WEBHOOKS_RETRY_SECONDS',
  'RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS',
];

/**
 * Settings of deploy/ (compose.yaml and rtw-stack read them from deploy/.env, which also reaches the
 * instances whole): known, so not warned about, though the server itself does not read them.
 */
export const DEPLOY_SETTINGS: readonly string[] = [
  'RTW_IMAGE',
  'RTW_MEMORY_LIMIT',
  'RTW_PORT_1',
  'RTW_PORT_2',
  'RTW_METRICS_PORT_1',
  'RTW_METRICS_PORT_2',
  'RTW_PORTAL_SIM_IMAGE',
  'RTW_STOP_SECONDS',
  'RTW_DB_PASSWORD',
];

const KNOWN = new Set([...SERVER_SETTINGS, ...DEPLOY_SETTINGS]);

/** RTW_* variables set (even empty) that nothing reads: most often a typo, or a setting of another version. */
export function unknownSettings(env: Env): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('RTW_') && !KNOWN.has(name))
    .sort();
}
