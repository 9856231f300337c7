/** @deprecated Core's `Outcome`, under the name this package published first. */
export type { Outcome as Result } from '@sharecode/core';
export type { AccountUsage, Admin } from './accounts/admin.js';
export { createAdmin } from './accounts/admin.js';
export type { KeyMode } from './accounts/api-key.js';
export { hashApiKey } from './accounts/api-key.js';
export { periodOf, periodResetSeconds } from './accounts/billing-period.js';
export type { Plan, PlanLimits, SubscriptionStatus } from './accounts/plans.js';
export { PLAN_LIMITS, PLANS, SANDBOX_REQUESTS_PER_SECOND, SUBSCRIPTION_STATUSES } from './accounts/plans.js';
export type { AccountRecord, AuthenticatedKey, ClaimKeyOutcome, KeyRecord } from './accounts/ports.js';
export type { UsageSnapshot } from './accounts/quota.js';
export type { Server, ServerDeps } from './app.js';
export { createServer } from './app.js';
export { MAX_LOST_RUNS } from './checks/async-attempt.js';
export { MAX_CHECKS_IN_PROGRESS } from './checks/async-create.js';
export type {
  AsyncCheckStatus,
  AsyncChecksRepo,
  CheckEndedContext,
  CheckEndedListener,
  ClaimedCheck,
  StoredAsyncCheck,
  Transaction,
} from './checks/async-ports.js';
export { noCheckEndedListener } from './checks/async-ports.js';
export type { CallbackUrlPolicy } from './checks/callback-url-policy.js';
export { createCallbackUrlPolicy } from './checks/callback-url-policy.js';
export type { LiveCheckContext, LiveCheckRunner } from './checks/live-check-runner.js';
export { noPortalDriverRunner } from './checks/live-check-runner.js';
export type { CheckCopy } from './checks/ports.js';
export type { RunCheckInput } from './checks/run-check.js';
export { runCheck } from './checks/run-check.js';
export type { ConfigFlags, DatabaseConfig, Env, ServerConfig } from './config.js';
export { loadConfig, loadDatabaseConfig } from './config.js';
export type { DashboardAdmin } from './dashboard/dashboard-admin.js';
export type { DashboardConfig } from './dashboard/dashboard-config.js';
export { BODY_LIMIT_BYTES } from './http/framework-errors.js';
export type { LogLevel } from './logger.js';
export { createLogger } from './logger.js';
export type {
  Diagnostic,
  DiagnosticRecord,
  PortalConfig,
  PortalEntryUrls,
  PortalFlags,
  PortalLog,
  PortalRunner,
  PortalSlots,
  SlotStats,
  StartedPortal,
  StartPortalDeps,
} from './portal/index.js';
export {
  CHROMIUM_ARGS,
  DEFAULT_CHECK_SLOTS,
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  defaultCheckSlots,
  findChromium,
  GOV_UK_ENTRY_URLS,
  INSTALL_CHROMIUM_ADVICE,
  loadPortalConfig,
  PORTAL_SIM_ENTRY_PATHS,
  SYSTEM_CHROMIUM_PATHS,
  startPortal,
} from './portal/index.js';
export type { AsyncChecksConfig } from './queue/async-config.js';
export { DEFAULT_ASYNC_CHECKS_CONFIG, loadAsyncChecksConfig } from './queue/async-config.js';
export type { QueueTime } from './queue/queue-ports.js';
export type { RunningServer, StartServerOptions } from './start-server.js';
export { StartupError, startServer } from './start-server.js';
export type { AsyncSweepReport } from './store/async-retention.js';
export type { Db, Queryable, QueryResult } from './store/db.js';
export { parseEncryptionKey } from './store/encryption.js';
export type { Database, DatabaseSweepReport } from './store/open-database.js';
export { openDatabase } from './store/open-database.js';
export type { SweepReport } from './store/retention.js';
export type { AttemptOutcome, DeliveryErrorClass } from './webhooks/delivery-outcome.js';
export { DELIVERY_ERROR_CLASSES, describeAttempt } from './webhooks/delivery-outcome.js';
export type { GiveUpNotice, Mailer, MailMessage } from './webhooks/give-up-mail.js';
export type { LookupAll, ResolvedAddress } from './webhooks/resolve-target.js';
export { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from './webhooks/retry-schedule.js';
export type { WebhookEventType } from './webhooks/sign-event.js';
export { WEBHOOK_USER_AGENT } from './webhooks/sign-event.js';
export type { WebhooksConfig, WebhooksFlags } from './webhooks/webhook-config.js';
export { DEFAULT_WEBHOOKS_CONFIG, loadWebhooksConfig } from './webhooks/webhook-config.js';
export type { DeliveryRecord, DeliveryState, WebhookSweepReport } from './webhooks/webhook-ports.js';
export { generateWebhookSecret } from './webhooks/webhook-secret.js';
export type { TestEventResult, Webhooks } from './webhooks/webhooks-service.js';
