import { type CheckRecord, fail, newEventId, type Outcome, ok, resultExpiresAt } from '@sharecode/core';
import { SANDBOX_TEST_CHECK_ID, sandboxTestEventRecord } from '@sharecode/core/sandbox';
import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key.js';
import type { AccountsRepo } from '../accounts/ports.js';
import { randomBase62 } from '../accounts/random-id.js';
import type { CheckEndedListener } from '../checks/async-ports.js';
import { asyncCheckRecord } from '../checks/async-record.js';
import { type CheckObserver, SILENT_OBSERVER, type WebhookObserver } from '../checks/observer-port.js';
import { queueTimeAfter } from '../queue/queue-ports.js';
import type { RequestEventSink } from '../requests/request-ports.js';
import { requestRecord } from '../requests/request-record.js';
import { safeError } from '../safe-error.js';
import { attemptDelivery, type Transport } from './attempt-delivery.js';
import { createAttemptLog } from './attempt-log.js';
import type { AttemptOutcome } from './delivery-outcome.js';
import { giveUpMessage, type Mailer } from './give-up-mail.js';
import { nextAttemptDelayMs } from './retry-schedule.js';
import { eventBody, type WebhookEventType } from './sign-event.js';
import { TEST_EVENTS_PER_MINUTE, type TestEventLimit } from './test-event-limit.js';
import type { WebhooksConfig } from './webhook-config.js';
import type {
  AttemptNext,
  ClaimedDelivery,
  DeliveryRecord,
  ResendRefusal,
  WebhookDeliveriesRepo,
  WebhookSecretsRepo,
} from './webhook-ports.js';
import { webhookSecretKey } from './webhook-secret.js';

const TEST_EVENT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export interface WebhooksDeps {
  readonly deliveries: WebhookDeliveriesRepo;
  readonly secrets: WebhookSecretsRepo;
  readonly accounts: Pick<AccountsRepo, 'getAccount' | 'getDefaultCallbackUrl'>;
  readonly config: WebhooksConfig;
  readonly transport: Transport;
  /** Null when no SMTP server is configured: give-ups are logged and shown on the dashboard only. */
  readonly mailer: Mailer | null;
  readonly clock: () => Date;
  /** An injected clock for due times (tests); absent, the database's clock decides. */
  readonly queueClock?: (() => Date) | undefined;
  /** Told when deliveries of `mode` become due (their transaction committed): wakes this process's worker. */
  readonly onQueued: (mode: KeyMode) => void;
  readonly log: Logger;
  /** Jitter source, in [0, 1). */
  readonly random?: () => number;
  /** Test events an account may send (10 a minute in the server); absent: no limit. */
  readonly testEventLimit?: TestEventLimit | undefined;
  /** Told of each attempt, delivery, give-up and lease take-over (metrics); silent by default. */
  readonly observer?: (WebhookObserver & Pick<CheckObserver, 'leaseTakenOver'>) | undefined;
}

/** Why a test event was not sent; `retryAfterSeconds` when the account sent too many (HTTP 429). */
export interface TestEventRefusal {
  readonly message: string;
  readonly retryAfterSeconds: number | null;
}

export interface TestEventResult {
  readonly delivery: DeliveryRecord | null;
  readonly eventId: string;
  readonly outcome: AttemptOutcome;
}

/** Webhook delivery: the outbox listener, the attempt a queue worker runs, and the dashboard's actions. */
export interface Webhooks {
  /** Queue a delivery in the transaction that ends a check (wire as `checkEndedListener`). */
  readonly listener: CheckEndedListener;
  /** Queue a check request's ended event in the transaction that ends it. */
  readonly requestEvents: RequestEventSink;
  /** One attempt of a claimed delivery; `wakeAfterMs` is when its next attempt is due. */
  run(job: ClaimedDelivery): Promise<{ readonly wakeAfterMs?: number }>;
  /** Waits for the log lines of delivered attempts still being written (before the database closes). */
  settle(): Promise<void>;
  /** The mode's signing secret (created on first use). */
  secret(accountId: string, mode: KeyMode): Promise<string>;
  rotateSecret(accountId: string, mode: KeyMode): Promise<string>;
  /** A signed `check.test` to `url` (else the default URL for the mode), tried once; the answer is returned. */
  sendTestEvent(
    accountId: string,
    mode: KeyMode,
    url: string | null,
  ): Promise<Outcome<TestEventResult, TestEventRefusal>>;
  /** A new series of attempts of a delivery, same webhook-id, due now. */
  resend(accountId: string, mode: KeyMode, deliveryId: string): Promise<Outcome<DeliveryRecord, string>>;
  recent(accountId: string, mode: KeyMode, limit?: number): Promise<DeliveryRecord[]>;
}

const RESEND_REFUSALS: Readonly<Record<ResendRefusal, string>> = {
  not_found: 'No delivery of this account and mode has that id.',
  pending: 'This delivery is being attempted already: wait for its attempts to end.',
  expired: 'The check result has been deleted (7 days after the check), so this delivery cannot be resent.',
  not_resendable: 'A test event is tried once: send a new test event instead.',
};

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '(unreadable URL)';
  }
};

export function createWebhooks(deps: WebhooksDeps): Webhooks {
  const { deliveries, secrets, config, clock, log } = deps;
  const random = deps.random ?? Math.random;
  const observer = deps.observer ?? SILENT_OBSERVER;

  const signingKey = async (accountId: string, mode: KeyMode): Promise<Buffer> => {
    const key = webhookSecretKey(await secrets.current(accountId, mode, clock()));
    if (!key) throw new Error(`the ${mode} webhook secret of ${accountId} is not a whsec_ secret`);
    return key;
  };

  /** The event of a check request (expired, locked), or null once its personal data is gone. */
  const requestEvent = (job: ClaimedDelivery): string | null => {
    const { request } = job;
    const now = clock();
    if (!request || request.state.ended_at === null) return null;
    if (resultExpiresAt(request.state.ended_at).getTime() <= now.getTime()) return null;
    return eventBody(job.type, job.eventCreatedAt, requestRecord(request, request.state.ended_at));
  };

  /** The event of a check as it was when it ended (read with the claim), or null once its result is gone. */
  const checkEvent = (job: ClaimedDelivery): string | null => {
    if (job.type.startsWith('check_request.')) return requestEvent(job);
    const { check } = job;
    const now = clock();
    if (
      !check ||
      check.completedAt === null ||
      check.resultExpired ||
      (check.resultExpiresAt !== null && check.resultExpiresAt.getTime() <= now.getTime())
    ) {
      return null;
    }
    const record: CheckRecord = asyncCheckRecord(check, check.completedAt);
    return eventBody(job.type, job.eventCreatedAt, record);
  };

  const attemptLog = createAttemptLog(deliveries, log);

  const notifyGiveUp = async (job: ClaimedDelivery, at: Date, attempts: number) => {
    log.warn({ deliveryId: job.id, checkId: job.checkId, mode: job.mode }, 'webhook delivery given up');
    if (!deps.mailer) return;
    const day = at.toISOString().slice(0, 10);
    if (!(await deliveries.claimGiveUpMail(job.accountId, job.mode, day, at))) return;
    try {
      const account = await deps.accounts.getAccount(job.accountId);
      if (!account || account.email === '') return;
      await deps.mailer.send(
        giveUpMessage(account.email, {
          mode: job.mode,
          checkId: job.checkId,
          eventId: job.eventId,
          host: hostOf(job.url),
          givenUpAt: at,
          attempts,
        }),
      );
      log.info({ checkId: job.checkId, mode: job.mode }, 'webhook give-up e-mail sent');
    } catch (error) {
      // Give the day's e-mail back so the next give-up tries again.
      await deliveries.releaseGiveUpMail(job.accountId, job.mode, day).catch(() => {});
      log.error({ err: safeError(error), mode: job.mode }, 'webhook give-up e-mail failed');
    }
  };

  const runAttempt = async (job: ClaimedDelivery): Promise<{ wakeAfterMs?: number }> => {
    if (job.takenOver) observer.leaseTakenOver({ queue: 'webhooks' });
    const attempt = job.attempts + 1;
    const body = checkEvent(job);
    let outcome: AttemptOutcome;
    if (body === null) {
      outcome = { delivered: false, statusCode: null, errorClass: 'result_deleted', durationMs: 0 };
    } else {
      outcome = await attemptDelivery(deps.transport, {
        url: job.url,
        eventId: job.eventId,
        body,
        secretKey:
          (job.secret ? webhookSecretKey(job.secret) : null) ?? (await signingKey(job.accountId, job.mode)),
        sentAt: clock(),
      });
    }
    const at = clock();
    const delayMs =
      outcome.delivered || body === null ? null : nextAttemptDelayMs(attempt, config.retrySchedule, random);
    const next: AttemptNext = outcome.delivered
      ? { type: 'delivered' }
      : delayMs === null
        ? { type: 'given_up' }
        : { type: 'retry', dueAt: queueTimeAfter(deps.queueClock, delayMs) };
    log.debug(
      {
        deliveryId: job.id,
        checkId: job.checkId,
        attempt,
        statusCode: outcome.statusCode,
        errorClass: outcome.errorClass,
        durationMs: outcome.durationMs,
      },
      'webhook attempt',
    );
    observer.webhookAttempt({ mode: job.mode, outcome: outcome.errorClass ?? 'delivered' });
    if (next.type === 'delivered') {
      observer.webhookDelivered({
        mode: job.mode,
        latencySeconds: Math.max(0, (at.getTime() - job.eventCreatedAt.getTime()) / 1000),
      });
      attemptLog.writeBehind({ delivery: job, outcome, attemptedAt: at, next });
      return {};
    }
    if (!(await attemptLog.write({ delivery: job, outcome, attemptedAt: at, next }))) {
      log.warn({ deliveryId: job.id }, 'webhook delivery lease lost; its attempt was not recorded');
      return {};
    }
    if (next.type === 'given_up') observer.webhookGivenUp({ mode: job.mode });
    if (next.type === 'given_up' && body !== null) await notifyGiveUp(job, at, attempt);
    return delayMs === null ? {} : { wakeAfterMs: delayMs };
  };

  const listener: CheckEndedListener = {
    async onCheckEnded(record, context, transaction) {
      if (record.status !== 'succeeded' && record.status !== 'failed') return;
      const now = clock();
      const type: WebhookEventType = record.status === 'succeeded' ? 'check.succeeded' : 'check.failed';
      await deliveries.insert(transaction, {
        id: `dlv_${randomBase62(24)}`,
        eventId: newEventId(),
        accountId: context.accountId,
        mode: context.mode,
        checkId: record.id,
        type,
        url: context.callbackUrl,
        eventCreatedAt: record.completed_at === null ? now : new Date(record.completed_at),
        createdAt: now,
        expiresAt:
          record.result_expires_at === null
            ? new Date(now.getTime() + TEST_EVENT_KEEP_MS)
            : new Date(record.result_expires_at),
      });
      // Another process may claim it first; this one looks as soon as the row is visible.
      transaction.afterCommit(() => deps.onQueued(context.mode));
    },
  };

  const requestEvents: RequestEventSink = {
    async enqueue(transaction, event) {
      await deliveries.insert(transaction, {
        id: `dlv_${randomBase62(24)}`,
        eventId: newEventId(),
        accountId: event.accountId,
        mode: event.mode,
        checkId: event.requestId,
        type: event.type,
        url: event.url,
        eventCreatedAt: event.createdAt,
        createdAt: clock(),
        expiresAt: event.expiresAt,
      });
      transaction.afterCommit(() => deps.onQueued(event.mode));
    },
  };

  return {
    listener,
    requestEvents,
    run: runAttempt,
    settle: () => attemptLog.settle(),
    secret: (accountId, mode) => secrets.current(accountId, mode, clock()),
    rotateSecret: (accountId, mode) => secrets.rotate(accountId, mode, clock()),

    async sendTestEvent(accountId, mode, typed) {
      const refuse = (message: string, retryAfterSeconds: number | null = null) =>
        fail({ message, retryAfterSeconds });
      const raw = typed ?? (await deps.accounts.getDefaultCallbackUrl(accountId, mode));
      if (raw === null) {
        return refuse(
          `No default callback URL is set for ${mode} mode: type a URL, or set the default first.`,
        );
      }
      const valid: Outcome<string> = deps.transport.policy.validate(raw);
      if (!valid.ok) return refuse(valid.error.message);
      const now = clock();
      const allowance = (await deps.testEventLimit?.(accountId, now)) ?? { allowed: true };
      if (!allowance.allowed) {
        const wait = allowance.retryAfterSeconds;
        return refuse(
          `Too many test events: an account may send ${TEST_EVENTS_PER_MINUTE} a minute. Wait ${wait} second${wait === 1 ? '' : 's'}, then send it again.`,
          wait,
        );
      }
      const eventId = newEventId();
      const body = eventBody('check.test', now, await sandboxTestEventRecord(now));
      const outcome = await attemptDelivery(deps.transport, {
        url: valid.value,
        eventId,
        body,
        secretKey: await signingKey(accountId, mode),
        sentAt: clock(),
      });
      const id = `dlv_${randomBase62(24)}`;
      await deliveries.recordTestEvent(
        {
          id,
          eventId,
          accountId,
          mode,
          checkId: SANDBOX_TEST_CHECK_ID,
          type: 'check.test',
          url: valid.value,
          eventCreatedAt: now,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TEST_EVENT_KEEP_MS),
        },
        outcome,
        now,
      );
      return ok({ delivery: await deliveries.find(id, accountId, mode), eventId, outcome });
    },

    async resend(accountId, mode, deliveryId) {
      const refusal = await deliveries.resend(deliveryId, accountId, mode, clock());
      if (refusal !== null) return fail(RESEND_REFUSALS[refusal]);
      deps.onQueued(mode);
      const record = await deliveries.find(deliveryId, accountId, mode);
      return record ? ok(record) : fail(RESEND_REFUSALS.not_found);
    },

    recent: (accountId, mode, limit = 50) => deliveries.recent(accountId, mode, limit),
  };
}
