import { Webhook } from 'standardwebhooks';
import { ShareCodeWebhookError } from './webhook-error.js';

const PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Standard Webhooks: symmetric secrets are 24 to 64 random bytes.
const MIN_BYTES = 24;
const MAX_BYTES = 64;

/** A Standard Webhooks signer for `whsec_<base64>` (the prefix is optional), or a clear refusal. */
export function webhookForSecret(secret: unknown): Webhook {
  if (typeof secret !== 'string' || secret.trim() === '') {
    throw new ShareCodeWebhookError(
      'bad_secret',
      'The webhook secret is missing: pass the whsec_... signing secret shown on the dashboard for this mode (live and sandbox differ).',
    );
  }
  const encoded = secret.trim().startsWith(PREFIX) ? secret.trim().slice(PREFIX.length) : secret.trim();
  if (encoded === '' || !BASE64.test(encoded)) {
    throw new ShareCodeWebhookError(
      'bad_secret',
      'The webhook secret is not whsec_ followed by base64: copy it again from the dashboard, whole and unchanged.',
    );
  }
  const bytes = (encoded.length / 4) * 3 - (encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0);
  if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
    throw new ShareCodeWebhookError(
      'bad_secret',
      `The webhook secret decodes to ${bytes} bytes; Standard Webhooks secrets are ${MIN_BYTES} to ${MAX_BYTES}. Copy it again from the dashboard.`,
    );
  }
  return new Webhook(encoded);
}
