/** @deprecated Core's `Outcome`, under the name this package published first. */
export type { Outcome as Result } from '@sharecode/core';
export { type AccountUsage, type Admin, createAdmin } from './accounts/admin.js';
export { hashApiKey, type KeyMode } from './accounts/api-key.js';
export { periodOf, periodResetSeconds } from './accounts/billing-period.js';
export {
  PLAN_LIMITS,
  PLANS,
  type Plan,
  type PlanLimits,
  SANDBOX_REQUESTS_PER_SECOND,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './accounts/plans.js';
export type { AccountRecord, AuthenticatedKey, ClaimKeyOutcome, KeyRecord } from './accounts/ports.js';
export type { UsageSnapshot } from './accounts/quota.js';
export { createServer, type Server, type ServerDeps } from './app.js';
export { MAX_LOST_RUNS } from './checks/async-attempt.js';
export { MAX_CHECKS_IN_PROGRESS } from './checks/async-create.js';
export {
  type AsyncCheckStatus,
  type AsyncChecksRepo,
  type CheckEndedContext,
  type CheckEndedListener,
  type ClaimedCheck,
  noCheckEndedListener,
  type StoredAsyncCheck,
  type Transaction,
} from './checks/async-ports.js';
export { type CallbackUrlPolicy, createCallbackUrlPolicy } from './checks/callback-url-policy.js';
export {
  type LiveCheckContext,
  type LiveCheckRunner,
  noPortalDriverRunner,
} from './checks/live-check-runner.js';
export type { CheckCopy } from './checks/ports.js';
export { type RunCheckInput, runCheck } from './checks/run-check.js';
export {
  type ConfigFlags,
  type DatabaseConfig,
  type Env,
  loadConfig,
  loadDatabaseConfig,
  type ServerConfig,
} from './config.js';
export type { DashboardAdmin } from './dashboard/dashboard-admin.js';
export type { DashboardConfig } from './dashboard/dashboard-config.js';
export type { InstanceRecord, QueueSummary } from './health/cluster-ports.js';
export type { ClusterStatus } from './health/cluster-status.js';
export type { KindHealth, PortalHealthReport } from './health/portal-health.js';
export { BODY_LIMIT_BYTES } from './http/framework-errors.js';
export { createLogger, type LogLevel } from './logger.js';
export {
  BLOCKED_URL_PATTERNS,
  CHECK_CONTEXT_OPTIONS,
  CHROMIUM_ARGS,
  DEFAULT_CHECK_SLOTS,
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  type Diagnostic,
  type DiagnosticRecord,
  defaultCheckSlots,
  findChromium,
  GOV_UK_ENTRY_URLS,
  INSTALL_CHROMIUM_ADVICE,
  loadPortalConfig,
  PORTAL_SIM_ENTRY_PATHS,
  type PortalConfig,
  type PortalEntryUrls,
  type PortalFlags,
  type PortalLog,
  type PortalRunner,
  type PortalSlots,
  type SlotStats,
  type StartedPortal,
  type StartPortalDeps,
  SYSTEM_CHROMIUM_PATHS,
  startPortal,
} from './portal/index.js';
export {
  type AsyncChecksConfig,
  DEFAULT_ASYNC_CHECKS_CONFIG,
  loadAsyncChecksConfig,
} from './queue/async-config.js';
export type { QueueTime } from './queue/queue-ports.js';
export { type RunningServer, type StartServerOptions, StartupError, startServer } from './start-server.js';
export type { AsyncSweepReport } from './store/async-retention.js';
export type { Db, Queryable, QueryResult } from './store/db.js';
export { parseEncryptionKey } from './store/encryption.js';
export { type Database, type DatabaseSweepReport, openDatabase } from './store/open-database.js';
export type { SweepReport } from './store/retention.js';
export {
  type AttemptOutcome,
  DELIVERY_ERROR_CLASSES,
  type DeliveryErrorClass,
  describeAttempt,
} from './webhooks/delivery-outcome.js';
export type { GiveUpNotice, Mailer, MailMessage } from './webhooks/give-up-mail.js';
export type { LookupAll, ResolvedAddress } from './webhooks/resolve-target.js';
export { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from './webhooks/retry-schedule.js';
export { WEBHOOK_USER_AGENT, type WebhookEventType } from './webhooks/sign-event.js';
export {
  DEFAULT_WEBHOOKS_CONFIG,
  loadWebhooksConfig,
  type WebhooksConfig,
  type WebhooksFlags,
} from './webhooks/webhook-config.js';
export type { DeliveryRecord, DeliveryState, WebhookSweepReport } from './webhooks/webhook-ports.js';
export { generateWebhookSecret } from './webhooks/webhook-secret.js';
export type { TestEventResult, Webhooks } from './webhooks/webhooks-service.js';
