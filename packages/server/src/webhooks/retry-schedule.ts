// The schedule is a domain rule (spec 6.4), kept in core so the CLI's forwarding sandbox uses it too.
export {
  nextAttemptDelayMs,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SECONDS,
} from '@sharecode/core';
