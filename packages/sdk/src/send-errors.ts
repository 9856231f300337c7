import { ShareCodeConnectionError, ShareCodeTimeoutError } from './errors.js';

/** What a send knows when it gives up; the messages below say what happened and what to do. */
export interface SendFacts {
  url: string;
  attempts: number;
  idempotencyKey: string | undefined;
  /** False for a synchronous check: sending it twice could run, and charge, a second check. */
  idempotent: boolean;
  /** True when the one stale keep-alive resend was made. */
  resentAfterEarlyClose: boolean;
}

// What a synchronous check's caller should do when the check may have reached the server.
export const MAY_HAVE_RUN_ADVICE =
  'The check may have reached the service, and a synchronous check keeps running, and is charged, when its answer is lost: it was not sent again. Look for it on your dashboard before checking this share code again, or use the asynchronous endpoint (createRightToWorkCheck and the like, with an Idempotency-Key), which can be retried safely.';

// Connection errors that prove the request never left: retrying them cannot run a check twice.
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Closed or reset under us: the request may have been sent. */
export const CLOSED_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

// TLS handshake failures: nothing was sent, and sending again cannot help.
const TLS_CODE =
  /^(?:ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(?:VERIFY|GET)_)/;

export type ConnectionFailure = 'not-sent' | 'tls' | 'closed' | 'other';

/** Sorts a fetch failure by what it proves about the request. */
export function classifyConnectionFailure(error: unknown): ConnectionFailure {
  if (hasCode(error, (code) => NOT_SENT_CODES.has(code))) return 'not-sent';
  if (hasCode(error, (code) => TLS_CODE.test(code)) || /\b(?:SSL|TLS)\b/.test(describeCause(error))) {
    return 'tls';
  }
  if (hasCode(error, (code) => CLOSED_CODES.has(code))) return 'closed';
  return 'other';
}

function hasCode(error: unknown, match: (code: string) => boolean): boolean {
  // undici wraps the socket error: TypeError('fetch failed', { cause: Error { code } }).
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && match(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = current.cause;
  }
  return (parts.join(': ') || String(error)).replace(/\s+/g, ' ').trim();
}

function attemptsText(attempts: number): string {
  return `${attempts} attempt${attempts === 1 ? '' : 's'}`;
}

/** The connection failed: the message says what that proves and what to do next. */
export function connectionError(cause: unknown, facts: SendFacts): ShareCodeConnectionError {
  const origin = safeOrigin(facts.url);
  const kind = classifyConnectionFailure(cause);
  const resent = facts.resentAfterEarlyClose
    ? ' It was sent once more because the first connection closed at once (a stale keep-alive connection, before anything could have run).'
    : '';
  let what: string;
  let advice: string;
  if (kind === 'tls') {
    const plain = /wrong version number|packet length too long|http request/i.test(describeCause(cause));
    what = plain
      ? `The TLS (https) handshake with ${origin} failed: the server there does not speak https on that port, so the request was never sent`
      : `The TLS (https) handshake with ${origin} failed, so the request was never sent`;
    advice = plain
      ? ' Use http:// in baseUrl for a server without TLS, or the port that serves https.'
      : ' Check the server certificate (trusted, valid, for this host name) and baseUrl.';
  } else if (kind === 'not-sent') {
    what = `Could not connect to ${origin} after ${attemptsText(facts.attempts)}, so the request was never sent`;
    advice = hasCode(cause, (code) => code === 'ECONNREFUSED')
      ? ' The connection was refused: nothing is listening there. Check that the service is running and that baseUrl (host and port) is right.'
      : ' Check baseUrl (its host name) and the network.';
  } else {
    what = `The connection to ${origin} broke ${kind === 'closed' ? 'after the request was sent ' : ''}before the answer arrived (${attemptsText(facts.attempts)})`;
    advice = facts.idempotent
      ? ' Nothing is charged twice on this call (it is a lookup, or carries an Idempotency-Key): try again later, and check the network or any proxy in between.'
      : ` ${MAY_HAVE_RUN_ADVICE}`;
  }
  return new ShareCodeConnectionError(`${what}: ${describeCause(cause)}.${resent}${advice}`, {
    cause,
    attempts: facts.attempts,
    idempotencyKey: facts.idempotencyKey,
  });
}

export function attemptTimeoutError(timeoutMs: number, facts: SendFacts): ShareCodeTimeoutError {
  const advice = facts.idempotent
    ? ''
    : ` Raise \`timeout\` (live checks take 15 to 40 seconds; use at least 60000 ms). ${MAY_HAVE_RUN_ADVICE}`;
  return new ShareCodeTimeoutError(
    `No complete answer within ${timeoutMs} ms (the per-attempt timeout), after ${attemptsText(facts.attempts)}.${advice}`,
    { phase: 'attempt', timeoutMs, attempts: facts.attempts, idempotencyKey: facts.idempotencyKey },
  );
}

/** `midAttempt`: the deadline ran out while a request was waiting for its answer. */
export function deadlineError(
  deadlineMs: number,
  facts: SendFacts,
  midAttempt: boolean,
): ShareCodeTimeoutError {
  const advice =
    midAttempt && !facts.idempotent ? ` ${MAY_HAVE_RUN_ADVICE}` : ' Raise `deadline` or try again later.';
  return new ShareCodeTimeoutError(
    `Gave up after ${attemptsText(facts.attempts)}: the total deadline of ${deadlineMs} ms ran out.${advice}`,
    {
      phase: 'deadline',
      timeoutMs: deadlineMs,
      attempts: facts.attempts,
      idempotencyKey: facts.idempotencyKey,
    },
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the API';
  }
}
