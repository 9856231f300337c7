import { codeForBareStatus, isErrorCode, isRetryableCode } from './error-codes.js';
import { ShareCodeApiError } from './errors.js';
import { parseRetryAfter } from './retry-after.js';
import { idempotentAdvice, MAY_HAVE_RUN_ADVICE } from './send-errors.js';

export interface ErrorContext {
  idempotencyKey: string | undefined;
  attempts: number;
  nowMs: number;
  /** True for a synchronous check: sent twice, it could run and be charged twice. */
  mayHaveRun?: boolean | undefined;
  /** A request that may have run but charges nothing: what to do instead of resending (see SendFacts). */
  resendAdvice?: string | undefined;
}

interface ParsedErrorBody {
  code?: string;
  message?: string;
  upgradeUrl?: string;
}

/** Builds the typed error for a non-2xx answer, whatever its body: JSON error, HTML, or nothing. */
export function apiErrorFromResponse(
  response: Response,
  bodyText: string,
  ctx: ErrorContext,
): ShareCodeApiError {
  const parsed = parseErrorBody(bodyText);
  // An unknown code (a newer server) falls back to what the status says, so retries still work.
  const code = isErrorCode(parsed.code) ? parsed.code : codeForBareStatus(response.status);
  const requestId = response.headers.get('x-request-id') ?? undefined;
  // The service's own error answer means the check ended without a result, and errors are never
  // charged; an answer without its error body may come from a proxy after the check reached it.
  const mayHaveRun = ctx.mayHaveRun === true && parsed.code === undefined && response.status >= 500;
  const mayHaveBeenCharged = mayHaveRun && ctx.resendAdvice === undefined;
  let message =
    parsed.message ??
    fallbackMessage(
      response.status,
      code,
      mayHaveRun ? (ctx.resendAdvice ?? MAY_HAVE_RUN_ADVICE) : undefined,
      requestId,
    );
  // A create that failed for a passing reason: say how to send it again without a second check.
  if (ctx.idempotencyKey !== undefined && isRetryableCode(code)) {
    message = `${message} ${idempotentAdvice(ctx.idempotencyKey)}`;
  }
  return new ShareCodeApiError({
    code,
    message,
    mayHaveBeenCharged,
    mayHaveRun,
    status: response.status,
    rawCode: parsed.code,
    requestId,
    retryAfter: parseRetryAfter(response.headers.get('retry-after'), ctx.nowMs),
    upgradeUrl: parsed.upgradeUrl,
    idempotencyKey: ctx.idempotencyKey,
    headers: response.headers,
    attempts: ctx.attempts,
  });
}

function parseErrorBody(text: string): ParsedErrorBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.code !== 'string') return {};
  return {
    code: error.code,
    ...(typeof error.message === 'string' && error.message !== '' ? { message: error.message } : {}),
    ...(typeof error.upgrade_url === 'string' ? { upgradeUrl: error.upgrade_url } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Used when the body carries no message: a proxy page, an empty body, or an unknown code.
function fallbackMessage(
  status: number,
  code: ShareCodeApiError['code'],
  mayHaveRunAdvice: string | undefined,
  requestId: string | undefined,
): string {
  // A 429 says nothing ran; any other bare 5xx may come from a proxy after the request reached the service.
  if (mayHaveRunAdvice !== undefined) {
    const id = requestId === undefined ? '' : ` (request id ${requestId}: quote it to support)`;
    return `HTTP ${status} (${code}) without the API's error body${id}, probably from a proxy or load balancer in front of the API. ${mayHaveRunAdvice}`;
  }
  if (isRetryableCode(code)) {
    return `HTTP ${status} (${code}) without an error message, probably from a proxy or load balancer in front of the API.`;
  }
  if (code !== 'UNEXPECTED_RESPONSE') return `HTTP ${status} (${code}) without an error message.`;
  if (status === 401 || status === 403) {
    return `HTTP ${status} without an API error body: check the API key (RTW_API_KEY) and that baseUrl points at the share-code API.`;
  }
  if (status === 404) {
    return 'HTTP 404 without an API error body: check that baseUrl points at the share-code API (its root, not a path below it).';
  }
  return `HTTP ${status} without an API error body: the answer did not come from the share-code API as expected; check baseUrl, then contact support with the request id.`;
}
