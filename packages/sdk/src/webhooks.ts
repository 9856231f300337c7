import { completeCheckRequest } from './check-request-shape.js';
import { completeRecord } from './complete-record.js';
import { ShareCodeUsageError } from './errors.js';
import type { WebhookEvent } from './types.js';
import { ShareCodeWebhookError } from './webhook-error.js';
import { readSignatureHeaders, type WebhookHeaders } from './webhook-headers.js';
import { webhookForSecret } from './webhook-secret.js';

/** Raw request body exactly as received: text, bytes (Buffer is a Uint8Array) or an ArrayBuffer. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export interface VerifyWebhookOptions {
  /** How far the webhook-timestamp may be from now, either way, in seconds. Default 300 (the spec's 5 minutes). */
  toleranceSeconds?: number | undefined;
  /** The current time; for tests. */
  now?: Date | undefined;
}

/** What a valid signature vouches for. */
export interface VerifiedWebhook {
  /** webhook-id: identical on every delivery attempt of one event; de-duplicate on it. */
  id: string;
  /** webhook-timestamp, Unix seconds (of this attempt). */
  timestamp: number;
  /** The body as text, exactly as signed. */
  payload: string;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const EVENT_TYPES: ReadonlySet<string> = new Set([
  'check.succeeded',
  'check.failed',
  'check.test',
  'check_request.expired',
  'check_request.locked',
]);
const RAW_BODY_HINT =
  'Pass the raw request body exactly as received. Express: app.post(path, express.raw({ type: "application/json" }), handler) and pass req.body (a Buffer); Fastify: a content-type parser with parseAs: "buffer"; Hono and other fetch-style frameworks: await c.req.text().';

/**
 * Checks the Standard Webhooks signature and timestamp of a delivery, without parsing the body.
 * Throws ShareCodeWebhookError (with a `reason`) when the delivery must be refused.
 * `secret` may be a list during a secret rotation: any one matching is enough.
 */
export function verifyWebhookSignature(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): VerifiedWebhook {
  const payload = bodyText(rawBody);
  const secrets: readonly unknown[] = Array.isArray(secret) ? secret : [secret];
  // An empty list gets the same "secret is missing" refusal as an empty string.
  const signers = (secrets.length === 0 ? [undefined] : secrets).map(webhookForSecret);
  const tolerance = toleranceOf(options.toleranceSeconds);
  const { id, timestamp: stamp, signature } = readSignatureHeaders(headers);
  if (id === undefined || stamp === undefined || signature === undefined) {
    const missing = [
      id === undefined ? 'webhook-id' : '',
      stamp === undefined ? 'webhook-timestamp' : '',
      signature === undefined ? 'webhook-signature' : '',
    ].filter(Boolean);
    throw new ShareCodeWebhookError(
      'missing_headers',
      `Missing header${missing.length === 1 ? '' : 's'} ${missing.join(', ')}: pass the request's headers unchanged (a proxy may be stripping them).`,
    );
  }
  const timestamp = parseTimestamp(stamp);

  const offered = signatureTokens(signature);
  const signedAt = new Date(timestamp * 1000);
  const matched = signers.some((signer) => {
    const expected = signer.sign(id, signedAt, payload).slice('v1,'.length);
    return offered.some((candidate) => constantTimeEqual(candidate, expected));
  });
  if (!matched) {
    throw new ShareCodeWebhookError(
      'bad_signature',
      `No webhook-signature matches. Check that the secret is the one for this mode (live and sandbox differ; a rotated secret replaces the old one at once), and that the body is the raw bytes as received, not JSON.stringify(req.body) after a JSON parser. ${RAW_BODY_HINT}`,
    );
  }

  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (nowSeconds - timestamp > tolerance) {
    throw new ShareCodeWebhookError(
      'timestamp_too_old',
      `The webhook-timestamp is ${nowSeconds - timestamp} s old (more than ${tolerance} s): refuse it as a possible replay. If deliveries are fresh, check this server's clock.`,
    );
  }
  if (timestamp - nowSeconds > tolerance) {
    throw new ShareCodeWebhookError(
      'timestamp_in_future',
      `The webhook-timestamp is ${timestamp - nowSeconds} s in the future (more than ${tolerance} s): check this server's clock.`,
    );
  }
  return { id, timestamp, payload };
}

/**
 * Verifies a delivery (as verifyWebhookSignature) and returns the typed event:
 * `check.succeeded`, `check.failed`, `check.test`, `check_request.expired` or `check_request.locked`.
 */
export function verifyWebhook(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options?: VerifyWebhookOptions,
): WebhookEvent {
  const { payload } = verifyWebhookSignature(rawBody, headers, secret, options);
  return parseEvent(payload);
}

function parseEvent(payload: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw new ShareCodeWebhookError(
      'invalid_payload',
      'The signature is valid but the body is not JSON. Contact support with the webhook-id.',
    );
  }
  if (typeof event !== 'object' || event === null) return invalidShape('is not a JSON object');
  const { type, created_at: createdAt, data } = event as Record<string, unknown>;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type)) {
    return invalidShape(
      `has event type ${JSON.stringify(type)}, which this SDK version does not know; upgrade @sharecode/sdk`,
    );
  }
  if (typeof createdAt !== 'string') return invalidShape('has no created_at');
  if (typeof data !== 'object' || data === null) return invalidShape('has no data object');
  if (type.startsWith('check_request.')) {
    const request = completeCheckRequest(data);
    if (request.problem !== undefined) return invalidShape(`has a data object that ${request.problem}`);
    if (request.request.status !== type.slice('check_request.'.length))
      return invalidShape(`is ${type} for a request that is ${request.request.status}`);
    return { ...(event as WebhookEvent), data: request.request } as WebhookEvent;
  }
  const checked = completeRecord(data);
  if (checked.problem !== undefined) return invalidShape(`has a data object that ${checked.problem}`);
  return { ...(event as WebhookEvent), data: checked.record } as WebhookEvent;
}

function invalidShape(what: string): never {
  throw new ShareCodeWebhookError('invalid_payload', `The signature is valid but the event ${what}.`);
}

function bodyText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  let bytes: Uint8Array | undefined;
  if (ArrayBuffer.isView(raw)) bytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  else if (raw instanceof ArrayBuffer) bytes = new Uint8Array(raw);
  if (bytes === undefined) {
    const got = raw === undefined || raw === null ? 'no body' : `a ${typeof raw} that is not raw bytes`;
    throw new ShareCodeWebhookError(
      'not_raw_body',
      `Got ${got}: the body was probably parsed already (express.json(), a framework body parser). ${RAW_BODY_HINT}`,
    );
  }
  try {
    // fatal: bytes that are not UTF-8 cannot be the JSON we signed; ignoreBOM keeps the exact text.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ShareCodeWebhookError(
      'invalid_payload',
      'The body is not UTF-8 text, so it is not a delivery from us.',
    );
  }
}

function toleranceOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_TOLERANCE_SECONDS;
  // Zero or negative would silently mean "never valid" or "skip the check"; neither is wanted.
  if (typeof value !== 'number' || !(value > 0)) {
    throw new ShareCodeUsageError(
      `toleranceSeconds must be a positive number of seconds; got ${String(value)}.`,
    );
  }
  return value;
}

function parseTimestamp(value: string): number {
  if (/^\d{13,}$/.test(value)) {
    throw new ShareCodeWebhookError(
      'invalid_timestamp',
      'The webhook-timestamp looks like milliseconds; Standard Webhooks timestamps are Unix seconds. Refuse the delivery.',
    );
  }
  // Digits only (so NaN or "12abc" can never slip past the window check), no leading zero, since
  // the signature covers the header text and the library re-renders the number.
  if (!/^[1-9]\d{0,11}$/.test(value)) {
    throw new ShareCodeWebhookError(
      'invalid_timestamp',
      'The webhook-timestamp is not a Unix time in seconds (digits only). Refuse the delivery.',
    );
  }
  return Number(value);
}

// Entries look like "v1,<base64>"; other versions (v1a, ...) are skipped. Node joins a repeated
// header with ", ", hence the trailing-comma trim.
function signatureTokens(header: string): string[] {
  const out: string[] = [];
  for (const token of header.split(/\s+/)) {
    const entry = token.replace(/,+$/, '');
    const comma = entry.indexOf(',');
    if (comma > 0 && entry.slice(0, comma) === 'v1' && comma < entry.length - 1)
      out.push(entry.slice(comma + 1));
  }
  return out;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
