import { ShareCodeUsageError } from './errors.js';
import { randomBytes, toHex } from './random-id.js';
import { webhookForSecret } from './webhook-secret.js';

export interface SignWebhookOptions {
  /** webhook-id; default `evt_` and 32 random hex characters, like the service's own ids. */
  id?: string | undefined;
  /** When it was sent: a Date or Unix seconds. Default now. */
  timestamp?: Date | number | undefined;
}

export interface SignedWebhook {
  /** The exact body to send (what was signed). */
  body: string;
  headers: {
    'content-type': 'application/json';
    'webhook-id': string;
    'webhook-timestamp': string;
    'webhook-signature': string;
  };
}

/**
 * Signs a payload the way the service does (Standard Webhooks v1), so you can test your receiver:
 * post `body` with `headers` to it. An object payload is sent as JSON.stringify(payload).
 */
export function signWebhook(
  payload: string | object,
  secret: string,
  options: SignWebhookOptions = {},
): SignedWebhook {
  const signer = webhookForSecret(secret);
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  if (typeof body !== 'string') {
    throw new ShareCodeUsageError('signWebhook needs a string or a JSON-serialisable object as the payload.');
  }
  const id = options.id ?? `evt_${toHex(randomBytes(16))}`;
  if (!/^[^\s.]{1,255}$/.test(id)) {
    throw new ShareCodeUsageError('The webhook id must be 1 to 255 characters without spaces or dots.');
  }
  const seconds = timestampSeconds(options.timestamp);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(seconds),
      'webhook-signature': signer.sign(id, new Date(seconds * 1000), body),
    },
  };
}

function timestampSeconds(value: Date | number | undefined): number {
  const seconds =
    value === undefined
      ? Math.floor(Date.now() / 1000)
      : value instanceof Date
        ? Math.floor(value.getTime() / 1000)
        : Math.floor(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new ShareCodeUsageError(
      'The webhook timestamp must be a valid Date or a positive number of Unix seconds.',
    );
  }
  return seconds;
}
