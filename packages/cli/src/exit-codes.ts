/**
 * Exit codes of `rtw`, one per kind of failure, so scripts can branch without parsing text.
 * This file is loaded for `rtw --help`: keep it free of imports.
 */
export const EXIT = {
  /** The command did its job: a check that ran exits 0 whatever its outcome (ACCEPTED or REJECTED). */
  OK: 0,
  /** Anything unexpected: a bug, a file that cannot be written, an answer that is not the API's. */
  UNEXPECTED: 1,
  /** Invalid input or usage: a bad flag, a field the service would refuse (INVALID_INPUT). */
  INVALID_INPUT: 2,
  /** The key or the account: UNAUTHENTICATED, INVALID_KEY, QUOTA_EXCEEDED, PAYMENT_REQUIRED. */
  AUTH_OR_PAYMENT: 3,
  /** NOT_FOUND, DOB_MISMATCH (the applicant must re-check), CHECK_NOT_FOUND, CHECK_REQUEST_NOT_FOUND (the id). */
  NOT_FOUND: 4,
  /** Worth retrying later: RATE_LIMITED, BUSY, TIMEOUT, INTERNAL, UPSTREAM_UNEXPECTED, network, time-outs. */
  RETRYABLE: 5,
  /** `rtw verify-webhook` refused the webhook. */
  WEBHOOK_REFUSED: 6,
  /** `--wait` gave up while the check was still queued or running; it keeps running. */
  STILL_RUNNING: 7,
  /** `--batch` finished, but at least one row ended with an error (see the results file). */
  BATCH_ROWS_FAILED: 8,
  /** The register does not verify: a file changed, missing or added, a broken chain, a receipt not sealed (verify, prune, report, followups). */
  REGISTER_PROBLEMS: 9,
  /** `rtw followups`: at least one follow-up check is overdue. */
  FOLLOW_UP_OVERDUE: 10,
  /** `rtw followups`: none overdue, but at least one follow-up check is due within the window. */
  FOLLOW_UP_DUE: 11,
  /** A check request ended without a check (expired, locked, cancelled), or had already ended (CHECK_REQUEST_CLOSED). */
  REQUEST_ENDED: 12,
  /** Interrupted with Ctrl-C (SIGINT). */
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The "Exit codes:" section of `rtw --help`. */
export const EXIT_CODES_HELP = `Exit codes:
  0    the command did its job; a check that ran exits 0 whether ACCEPTED or REJECTED
  1    unexpected error (a bug, a file that cannot be written, an answer that is not the API's)
  2    invalid input or usage (INVALID_INPUT, a bad flag): fix it, do not retry as is
  3    API key or account (UNAUTHENTICATED, INVALID_KEY, QUOTA_EXCEEDED, PAYMENT_REQUIRED)
  4    not found (NOT_FOUND, DOB_MISMATCH: the applicant re-checks; CHECK_NOT_FOUND, CHECK_REQUEST_NOT_FOUND: check the id)
  5    worth retrying later (RATE_LIMITED, BUSY, TIMEOUT, INTERNAL, UPSTREAM_UNEXPECTED, network, time-out; CHECK_REQUEST_CHECKING: in a minute)
  6    verify-webhook refused the webhook
  7    --wait gave up while the check (or check request) was still open (it goes on: rtw poll <id> --wait, or rtw request status <id> --wait)
  8    --batch finished but some rows ended with an error (see the results file)
  9    the register does not verify (verify, prune, report and followups name each problem)
  10   followups: at least one follow-up check is overdue
  11   followups: none overdue, but at least one is due within --within (for cron: rtw followups || mail ...)
  12   rtw request: the request ended without a check (expired, locked, cancelled), or had already ended (CHECK_REQUEST_CLOSED)
  130  interrupted (Ctrl-C)`;
