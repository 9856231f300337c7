import { ShareCodeConnectionError, ShareCodeTimeoutError } from './errors.js';

/** What a send knows when it gives up; the messages below say what happened and what to do. */
export interface SendFacts {
  url: string;
  attempts: number;
  idempotencyKey: string | undefined;
  /** False for a synchronous check: sending it twice could run, and charge, a second check. */
  idempotent: boolean;
  /**
   * For a request that is not idempotent but charges nothing (a check request's create): what to do
   * when it may have reached the service. It is not resent then either, and `mayHaveBeenCharged`
   * stays false.
   */
  resendAdvice?: string | undefined;
}

// What a synchronous check's caller should do when the check may have reached the service. A
// synchronous check has no id: its answer cannot be fetched later, and the dashboard lists no
// reference for it. Only the asynchronous endpoint makes a check safe to send again.
export const MAY_HAVE_RUN_ADVICE =
  'The check may have reached the service and run there, and been charged (a synchronous check runs on, and is charged, even when its answer is lost), so it was not sent again. Its answer cannot be fetched: a synchronous check has no id to look up. To make checks safe to retry, use the asynchronous endpoint (createRightToWorkCheck and the other creates) with an Idempotency-Key.';

/** What to do after a lookup or a create carrying an Idempotency-Key failed: send it again, safely. */
export function idempotentAdvice(idempotencyKey: string | undefined): string {
  return idempotencyKey === undefined
    ? 'This lookup is safe to repeat: try again later.'
    : `This create carried the Idempotency-Key "${idempotencyKey}" (e.idempotencyKey): try again later with { idempotencyKey: e.idempotencyKey }, so the service answers with the check it may already have queued instead of queuing a second one.`;
}

/** The advice for a request that may have reached the service: resend safely, or not at all. */
export function mayHaveRunAdvice(
  facts: Pick<SendFacts, 'idempotent' | 'idempotencyKey' | 'resendAdvice'>,
): string {
  if (facts.idempotent) return idempotentAdvice(facts.idempotencyKey);
  return facts.resendAdvice ?? MAY_HAVE_RUN_ADVICE;
}

/** True when a request that may have reached the service may also have charged a check. */
function mayCharge(facts: Pick<SendFacts, 'idempotent' | 'resendAdvice'>): boolean {
  return !facts.idempotent && facts.resendAdvice === undefined;
}

// Connection errors that prove the request never left: retrying them cannot run a check twice.
const NOT_SENT = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;
// Closed or reset under us: the request may have been sent.
const CLOSED = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/;
// TLS handshake failures: nothing was sent, and sending again cannot help.
const TLS = /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/;

export type ConnectionFailure = 'not-sent' | 'tls' | 'closed' | 'other';

/** Sorts a fetch failure by what it proves about the request. */
export function classifyConnectionFailure(error: unknown): ConnectionFailure {
  if (codeOf(error, NOT_SENT)) return 'not-sent';
  if (codeOf(error, TLS) || /\b(SSL|TLS)\b/.test(describeCause(error))) return 'tls';
  return codeOf(error, CLOSED) ? 'closed' : 'other';
}

function codeOf(error: unknown, match: RegExp): string | undefined {
  // undici wraps the socket error: TypeError('fetch failed', { cause: Error { code } }).
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && match.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
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

const times = (n: number): string => `${n} attempt${n === 1 ? '' : 's'}`;

/** The connection failed: the message says what that proves and what to do next. */
export function connectionError(cause: unknown, facts: SendFacts): ShareCodeConnectionError {
  const origin = safeOrigin(facts.url);
  const kind = classifyConnectionFailure(cause);
  const detail = describeCause(cause);
  let text: string;
  if (kind === 'tls') {
    text = /wrong version number|packet length too long/i.test(detail)
      ? `The https (TLS) handshake with ${origin} failed: the server there does not speak https on that port, so the request was never sent (${detail}). Use http:// in baseUrl, or the port that serves https.`
      : `The https (TLS) handshake with ${origin} failed, so the request was never sent (${detail}). Check the server's certificate and baseUrl.`;
  } else if (kind === 'not-sent') {
    text = `Could not connect to ${origin} after ${times(facts.attempts)}, so the request was never sent (${detail}). ${
      codeOf(cause, /^ECONNREFUSED$/)
        ? 'The connection was refused: nothing is listening there. Check that the service runs and that baseUrl has the right host and port.'
        : 'Check baseUrl and the network.'
    }`;
  } else {
    // Behind a proxy, how soon the connection closed proves nothing: the proxy may have forwarded
    // the request before closing ours.
    text = `The connection to ${origin} broke before the answer arrived, after ${times(facts.attempts)} (${detail}); the request may have been sent. ${mayHaveRunAdvice(facts)}`;
  }
  return new ShareCodeConnectionError(text, {
    cause,
    attempts: facts.attempts,
    idempotencyKey: facts.idempotencyKey,
    mayHaveBeenCharged: mayCharge(facts) && kind !== 'tls' && kind !== 'not-sent',
    mayHaveRun: !facts.idempotent && kind !== 'tls' && kind !== 'not-sent',
  });
}

export function attemptTimeoutError(timeoutMs: number, facts: SendFacts): ShareCodeTimeoutError {
  const advice = !mayCharge(facts)
    ? ` ${mayHaveRunAdvice(facts)}`
    : ` Raise \`timeout\` (live checks take 15 to 40 s; use at least 60000 ms). ${MAY_HAVE_RUN_ADVICE}`;
  return new ShareCodeTimeoutError(
    `No complete answer within ${timeoutMs} ms (the per-attempt timeout), after ${times(facts.attempts)}.${advice}`,
    {
      phase: 'attempt',
      timeoutMs,
      attempts: facts.attempts,
      idempotencyKey: facts.idempotencyKey,
      mayHaveBeenCharged: mayCharge(facts),
      mayHaveRun: !facts.idempotent,
    },
  );
}

/** `midAttempt`: the deadline ran out while a request was waiting for its answer. */
export function deadlineError(
  deadlineMs: number,
  facts: SendFacts,
  midAttempt: boolean,
): ShareCodeTimeoutError {
  const mayHaveBeenCharged = midAttempt && mayCharge(facts);
  const advice = mayHaveBeenCharged
    ? MAY_HAVE_RUN_ADVICE
    : midAttempt && !facts.idempotent
      ? mayHaveRunAdvice(facts)
      : facts.idempotencyKey === undefined
        ? 'Raise `deadline` or try again later.'
        : `Raise \`deadline\`. ${idempotentAdvice(facts.idempotencyKey)}`;
  return new ShareCodeTimeoutError(
    `Gave up after ${times(facts.attempts)}: the total deadline of ${deadlineMs} ms ran out. ${advice}`,
    {
      phase: 'deadline',
      timeoutMs: deadlineMs,
      attempts: facts.attempts,
      idempotencyKey: facts.idempotencyKey,
      mayHaveBeenCharged,
      mayHaveRun: midAttempt && !facts.idempotent,
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
