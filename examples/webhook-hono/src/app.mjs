// The webhook receiver: verify the signature over the RAW body, de-duplicate on webhook-id,
// answer 2xx at once, then process the event in the background.
import { isShareCodeWebhookError } from '@sharecode/sdk';
import { verifyWebhook } from '@sharecode/sdk/webhooks';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { processEvent } from './process-event.mjs';
import { refusalStatus } from './refusal-status.mjs';
import { SeenEvents } from './seen-events.mjs';

export const WEBHOOK_PATH = '/webhooks/rtw';

// Events of live checks carry the applicant photo and the portal PDF as data URLs: allow large
// bodies, but not unbounded ones (Hono sets no limit of its own).
const BODY_LIMIT = 10 * 1024 * 1024;

/** An app with the webhook route; mount it in yours with `app.route('/', createApp(options))`. */
export function createApp({ secret, seen = new SeenEvents(), onEvent = processEvent, log = console }) {
  const app = new Hono();
  app.post(WEBHOOK_PATH, bodyLimit({ maxSize: BODY_LIMIT }), async (c) => {
    // The exact bytes as received. Never c.req.json(): the signature covers the bytes, not the JSON.
    const rawBody = await c.req.arrayBuffer();
    let event;
    try {
      event = verifyWebhook(rawBody, c.req.raw.headers, secret);
    } catch (error) {
      if (!isShareCodeWebhookError(error)) throw error;
      log.warn(`refused a webhook (${error.reason}): ${error.message}`);
      return c.text(error.reason, refusalStatus(error.reason));
    }
    // The id is covered by the signature, and identical on every attempt of one event.
    const id = c.req.header('webhook-id');
    const fresh = seen.add(id);
    // On Node the process outlives the answer. On Workers, hand this promise to
    // c.executionCtx.waitUntil() instead, or the runtime may stop it once the answer is sent.
    if (fresh) setImmediate(() => processInBackground(onEvent, { id, event }, log));
    // Acknowledge at once: the service counts only a 2xx within 10 seconds as delivered.
    return c.json({ received: true, duplicate: !fresh }, 200);
  });
  return app;
}

// The answer has gone, so a failure here cannot make the service retry: log it, and in production
// keep the event in your database so a job can try again.
function processInBackground(onEvent, delivery, log) {
  Promise.resolve()
    .then(() => onEvent(delivery, log))
    .catch((error) => log.error(`processing ${delivery.id} failed: ${error?.message ?? error}`));
}
