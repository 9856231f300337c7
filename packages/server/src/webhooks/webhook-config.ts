import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { fail, type Outcome, ok } from '@sharecode/core';
import { type Env, type NumberRule, numberReader, parseDelays, present } from '../env-values.js';
import { WEBHOOK_TIMEOUT_MS } from './post-webhook.js';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from './retry-schedule.js';

/** How webhooks are delivered; every schedule is configuration so tests run the 22 hours in seconds. */
export interface WebhooksConfig {
  /** Seconds before attempts 2 to 8 (spec 6.4), jittered by ±10 %. */
  readonly retrySchedule: readonly number[];
  /** The time limit of one attempt (spec: 10 s); only the library can change it, for tests. */
  readonly timeoutMs: number;
  /**
   * Hosts that may be internal names or resolve to private addresses: for receivers on this machine
   * in tests and development. Empty in production. https is required even for these.
   */
  readonly unsafeAllowHosts: readonly string[];
  /** Trusted CAs when RTW_WEBHOOKS_CA_FILE is set (Node's roots plus the file's); undefined: Node's roots. */
  readonly ca: readonly string[] | undefined;
  /** Attempts one process makes at once. */
  readonly concurrency: number;
  /** How long a claimed delivery is held without renewal; another process retries it after that. */
  readonly leaseMs: number;
  /** How often each process looks for due deliveries. */
  readonly pollIntervalMs: number;
  /** SMTP server for the give-up e-mail (smtp:// or smtps://); null: no e-mail, a log line instead. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string | null;
}

export const DEFAULT_WEBHOOKS_CONFIG: WebhooksConfig = {
  retrySchedule: WEBHOOK_RETRY_SECONDS,
  timeoutMs: WEBHOOK_TIMEOUT_MS,
  unsafeAllowHosts: [],
  ca: undefined,
  concurrency: 16,
  leaseMs: 60_000,
  pollIntervalMs: 1_000,
  smtpUrl: null,
  mailFrom: null,
};

const CONCURRENCY: NumberRule = { min: 1, max: 256, whole: true };
const LEASE_SECONDS: NumberRule = { min: 15, max: 3600, whole: true };
const POLL_MS: NumberRule = { min: 10, max: 60_000, whole: true };

export interface WebhooksFlags {
  readonly webhooksUnsafeAllowHosts?: string | undefined;
}

/** Reads the RTW_WEBHOOKS_*, RTW_SMTP_URL and RTW_MAIL_FROM settings; each problem names its variable. */
export function loadWebhooksConfig(flags: WebhooksFlags, env: Env): Outcome<WebhooksConfig, string[]> {
  const problems: string[] = [];
  const d = DEFAULT_WEBHOOKS_CONFIG;

  let retrySchedule = d.retrySchedule;
  const scheduleText = present(env.RTW_WEBHOOKS_RETRY_SECONDS);
  if (scheduleText !== undefined) {
    const values = parseDelays(scheduleText);
    if (values === null || values.length !== WEBHOOK_MAX_ATTEMPTS - 1) {
      problems.push(
        `RTW_WEBHOOKS_RETRY_SECONDS must be ${WEBHOOK_MAX_ATTEMPTS - 1} comma-separated delays in seconds (before attempts 2 to ${WEBHOOK_MAX_ATTEMPTS}), each above 0 and at most 86400; the default is "${d.retrySchedule.join(',')}".`,
      );
    } else {
      retrySchedule = values;
    }
  }

  const hostsText = present(flags.webhooksUnsafeAllowHosts) ?? present(env.RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS);
  const unsafeAllowHosts = hostsText
    ? hostsText
        .split(',')
        .map((host) => host.trim())
        .filter((host) => host !== '')
    : [];
  if (unsafeAllowHosts.some((host) => /[\s/@?#]/.test(host))) {
    problems.push(
      'RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS (--webhooks-unsafe-allow-hosts) must be comma-separated host names or IP addresses, such as 127.0.0.1,localhost.',
    );
  }

  let ca: readonly string[] | undefined;
  const caFile = present(env.RTW_WEBHOOKS_CA_FILE);
  if (caFile !== undefined) {
    try {
      const pem = readFileSync(caFile, 'utf8');
      if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
        problems.push(`RTW_WEBHOOKS_CA_FILE (${caFile}) holds no PEM certificate.`);
      } else {
        ca = [...rootCertificates, pem];
      }
    } catch (error) {
      problems.push(
        `RTW_WEBHOOKS_CA_FILE (${caFile}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`,
      );
    }
  }

  const read = numberReader(env, problems);
  const concurrency = read('RTW_WEBHOOKS_CONCURRENCY', d.concurrency, CONCURRENCY);
  const leaseSeconds = read('RTW_WEBHOOKS_LEASE_SECONDS', d.leaseMs / 1000, LEASE_SECONDS);
  const pollIntervalMs = read('RTW_WEBHOOKS_POLL_INTERVAL_MS', d.pollIntervalMs, POLL_MS);

  const smtpUrl = present(env.RTW_SMTP_URL) ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) {
    problems.push(
      'RTW_SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://...:465.',
    );
  }
  const mailFrom = present(env.RTW_MAIL_FROM) ?? null;
  if (smtpUrl !== null && mailFrom === null) {
    problems.push('RTW_MAIL_FROM is required with RTW_SMTP_URL: the sender address of the give-up e-mail.');
  }
  if (mailFrom !== null && !/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom)) {
    problems.push(
      'RTW_MAIL_FROM must be an address such as webhooks@example.com or "Name <webhooks@example.com>".',
    );
  }

  if (problems.length > 0) return fail(problems);
  return ok({
    retrySchedule,
    timeoutMs: d.timeoutMs,
    unsafeAllowHosts,
    ca,
    concurrency,
    leaseMs: leaseSeconds * 1000,
    pollIntervalMs,
    smtpUrl,
    mailFrom,
  });
}
