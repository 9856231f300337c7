import type { ErrorCode } from '@sharecode/core';
import { ERROR_CATALOGUE, isErrorCode } from '@sharecode/core';
import { withoutControlCharacters } from '@sharecode/core/util';
import {
  isShareCodeApiError,
  isShareCodeConnectionError,
  isShareCodeError,
  isShareCodeEvidenceError,
  isShareCodeTimeoutError,
  isShareCodeWebhookError,
} from '@sharecode/sdk';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Output } from '../output/output.js';
import { flagOfField } from '../request/fields.js';
import { SandboxNotInstalledError } from '../runtime/load-sandbox.js';
import { inHrWords } from './hr-words.js';

/** The error body printed on stdout with --json: the API's, or the same shape for the CLI's own failures. */
export interface ErrorJson {
  error: { code: string; message: string; [extra: string]: unknown };
  /** The request a creating command made before it failed (waiting for it): its id and link. */
  check_request?: { id: string; url: string } | undefined;
}

/**
 * Any failure, as a value: what to print, the exit code, and the JSON for --json.
 * `code` is the API's error code, or one of the CLI's own: USAGE, NO_API_KEY, CONNECTION_FAILED,
 * CLIENT_TIMEOUT, STILL_RUNNING, UNEXPECTED_RESPONSE, EVIDENCE_NOT_SAVED, WEBHOOK_REFUSED, CLI_ERROR.
 */
export interface Failure {
  exitCode: ExitCode;
  code: string;
  /** What happened and what to do. Never holds a share code, a date of birth, a name or a key. */
  message: string;
  /** The spec's client action for an API code ("applicant re-checks the code"). */
  action?: string | undefined;
  /** Extra lines: the request id, Retry-After, the upgrade URL. */
  details: string[];
  json: ErrorJson;
}

/** The exit code of an API error code, from the HTTP status the catalogue gives it. */
export function exitCodeForApiCode(code: string): ExitCode {
  if (!isErrorCode(code)) return EXIT.UNEXPECTED;
  const { status } = ERROR_CATALOGUE[code];
  if (status === 400) return EXIT.INVALID_INPUT;
  if (status === 401 || status === 402) return EXIT.AUTH_OR_PAYMENT;
  if (status === 404) return EXIT.NOT_FOUND;
  // CHECK_REQUEST_CHECKING: a check of the applicant's details runs for a minute or so; try again then.
  if (code === 'CHECK_REQUEST_CHECKING') return EXIT.RETRYABLE;
  // CHECK_REQUEST_CLOSED: the request has already ended; reading it says how.
  if (status === 409) return EXIT.REQUEST_ENDED;
  if (status === 429 || status >= 500) return EXIT.RETRYABLE;
  return EXIT.UNEXPECTED;
}

/** A failure of the CLI's own, or one whose message carries the service's or the SDK's words. */
export function cliFailure(exitCode: ExitCode, code: string, text: string, details: string[] = []): Failure {
  const message = inHrWords(text);
  return { exitCode, code, message, details, json: { error: { code, message } } };
}

/** The same failure with another message (the --json body follows). */
export function withMessage(failure: Failure, message: string): Failure {
  return { ...failure, message, json: { error: { ...failure.json.error, message } } };
}

export function usageFailure(message: string): Failure {
  return cliFailure(EXIT.INVALID_INPUT, 'USAGE', message);
}

/** An API error (from the service, a failed asynchronous check, or core's validation before sending). */
export function apiFailure(
  error: { code: string; message: string; upgrade_url?: string | undefined },
  extra: { requestId?: string | undefined; retryAfter?: number | undefined; hint?: string | undefined } = {},
): Failure {
  const known = isErrorCode(error.code) ? (error.code as ErrorCode) : undefined;
  // The service's words, put as the CLI's user knows them (flags, not fields; no headers or paths).
  const message = inHrWords(error.message, flagOfField);
  const upgradeUrl =
    error.upgrade_url === undefined ? undefined : withoutControlCharacters(error.upgrade_url);
  const details: string[] = [];
  if (extra.hint) details.push(extra.hint);
  if (upgradeUrl) details.push(`Upgrade: ${upgradeUrl}`);
  if (extra.retryAfter !== undefined)
    details.push(`The service asked to wait ${extra.retryAfter} s before retrying.`);
  if (extra.requestId) details.push(`Request id: ${extra.requestId} (quote it to support)`);
  // --json keeps the service's body as it came (JSON escapes any control character).
  const json: ErrorJson = { error: { code: error.code, message: error.message } };
  if (error.upgrade_url) json.error.upgrade_url = error.upgrade_url;
  const code = inHrWords(error.code);
  return {
    exitCode: exitCodeForApiCode(error.code),
    code,
    message,
    action: known ? inHrWords(ERROR_CATALOGUE[known].action) : undefined,
    details,
    json,
  };
}

/** Anything the SDK (or a command) threw, as a failure. */
// The SDK's own advice names its `baseUrl` option; the CLI's user has flags instead.
const SDK_CONNECTION_ADVICE = / ?Check baseUrl and the network\.?$/;

// The SDK's words for "this synchronous check may have run, so it was not sent twice".
const MAY_HAVE_RUN = /\bNot retried\b|\bnot sent again\b/;

/** The SDK's connection message with the CLI's advice, said once, in the CLI's terms. */
export function connectionMessage(sdkMessage: string): string {
  const stripped = sdkMessage.replace(SDK_CONNECTION_ADVICE, '');
  const what = stripped.replace(/\bbaseUrl\b/g, '--base-url (or RTW_BASE_URL)');
  // A synchronous check cut off after it may have reached the service is not to be retried blindly:
  // the SDK's message already says why and what to use instead.
  if (MAY_HAVE_RUN.test(what)) return `${what} Check --base-url (or RTW_BASE_URL) and your network.`;
  // The SDK's own advice (a refused connection, https to a plain port), in the CLI's terms.
  if (what !== stripped) return what;
  return `${what} Check --base-url (or RTW_BASE_URL) and your network, then try again.`;
}

export function failureFromError(error: unknown): Failure {
  if (isShareCodeApiError(error)) {
    if (error.code === 'UNEXPECTED_RESPONSE') {
      return cliFailure(
        EXIT.UNEXPECTED,
        'UNEXPECTED_RESPONSE',
        error.message,
        requestIdLine(error.requestId),
      );
    }
    return apiFailure(
      { code: error.rawCode ?? error.code, message: error.message, upgrade_url: error.upgradeUrl },
      { requestId: error.requestId, retryAfter: error.retryAfter },
    );
  }
  if (isShareCodeConnectionError(error)) {
    return cliFailure(EXIT.RETRYABLE, 'CONNECTION_FAILED', connectionMessage(error.message));
  }
  if (isShareCodeTimeoutError(error)) {
    return cliFailure(EXIT.RETRYABLE, 'CLIENT_TIMEOUT', `${error.message} It is safe to try again.`);
  }
  if (isShareCodeEvidenceError(error)) {
    return cliFailure(EXIT.UNEXPECTED, 'EVIDENCE_NOT_SAVED', error.message);
  }
  if (isShareCodeWebhookError(error)) {
    const failure = cliFailure(EXIT.WEBHOOK_REFUSED, 'WEBHOOK_REFUSED', error.message);
    failure.json.error.reason = error.reason;
    return failure;
  }
  if (isShareCodeError(error)) {
    // ShareCodeUsageError: an option the SDK cannot use (a bad --base-url, an odd header value).
    if (error.name === 'ShareCodeUsageError') return usageFailure(error.message);
    return cliFailure(EXIT.UNEXPECTED, 'UNEXPECTED_RESPONSE', error.message);
  }
  if (error instanceof SandboxNotInstalledError) {
    return cliFailure(EXIT.INVALID_INPUT, error.code, error.message);
  }
  const detail = error instanceof Error ? error.message : String(error);
  return cliFailure(
    EXIT.UNEXPECTED,
    'CLI_ERROR',
    `Unexpected error: ${detail}. Please report it with the command you ran (leave out any key).`,
  );
}

function requestIdLine(requestId: string | undefined): string[] {
  return requestId ? [`Request id: ${requestId} (quote it to support)`] : [];
}

/**
 * Prints a failure: the JSON body on stdout with --json (unless `body` is false because stdout
 * already holds the API's answer), and always the explanation on stderr.
 */
export function printFailure(out: Output, failure: Failure, options: { body?: boolean } = {}): void {
  if (out.json && options.body !== false) out.jsonValue(failure.json);
  const { red, bold } = out.err;
  out.error(`${red(bold(`Error ${failure.code}`))}: ${failure.message}`);
  if (failure.action) out.error(`What to do: ${failure.action}.`);
  for (const line of failure.details) out.error(`  ${line}`);
}

/** Prints the failure and answers its exit code, for a command that stops there. */
export function stopWith(out: Output, failure: Failure): ExitCode {
  printFailure(out, failure);
  return failure.exitCode;
}

/** A mistake in the command line: printed, and the exit code for invalid input. */
export function stopWithUsage(out: Output, message: string): ExitCode {
  return stopWith(out, usageFailure(message));
}
