// The webhook receiver: verify the signature over the RAW body, de-duplicate on webhook-id,
// answer 2xx at once, then process the event in the background.
import { isShareCodeWebhookError } from '@sharecode/sdk';
import { verifyWebhook } from '@sharecode/sdk/webhooks';
import { Hono } from 'hono';
import { env } from 'hono/adapter';
import { bodyLimit } from 'hono/body-limit';
import { processEvent } from './process-event.mjs';
import { refusalStatus } from './refusal-status.mjs';
import { SeenEvents } from './seen-events.mjs';

export const WEBHOOK_PATH = '/webhooks/rtw';

// Events of live checks carry the applicant photo and the portal PDF as data URLs: allow large
// bodies, but not unbounded ones (Hono sets no limit of its own).
const BODY_LIMIT = 10 * 1024 * 1024;

/**
 * An app with the webhook route; mount it in yours with `app.route('/', createApp(options))`.
 * Without `secret`, each request reads RTW_WEBHOOK_SECRET with hono/adapter's `env(c)`: the process
 * environment on Node, Bun and Deno, the Worker's bindings on Cloudflare Workers.
 * @param {{ secret?: string, seen?: SeenEvents, onEvent?: typeof processEvent, log?: Console }} [options]
 */
export function createApp({ secret, seen = new SeenEvents(), onEvent = processEvent, log = console } = {}) {
  const app = new Hono();
  app.post(WEBHOOK_PATH, bodyLimit({ maxSize: BODY_LIMIT }), async (c) => {
    const key = secret ?? env(c).RTW_WEBHOOK_SECRET;
    if (!key) {
      // Our fault, not the sender's: a 500 makes the service retry, so the event arrives once fixed.
      log.error('RTW_WEBHOOK_SECRET is not set: set it to your whsec_... signing secret.');
      return c.text('receiver not configured', 500);
    }
    // The exact bytes as received. Never c.req.json(): the signature covers the bytes, not the JSON.
    const rawBody = await c.req.arrayBuffer();
    let event;
    try {
      event = verifyWebhook(rawBody, c.req.raw.headers, key);
    } catch (error) {
      if (!isShareCodeWebhookError(error)) throw error;
      log.warn(`refused a webhook (${error.reason}): ${error.message}`);
      return c.text(error.reason, refusalStatus(error.reason));
    }
    // The id is covered by the signature, and identical on every attempt of one event.
    const id = c.req.header('webhook-id');
    const fresh = seen.add(id);
    if (fresh) inBackground(c, () => runHandler(onEvent, { id, event }, log));
    // Acknowledge at once: the service counts only a 2xx within 10 seconds as delivered.
    return c.json({ received: true, duplicate: !fresh }, 200);
  });
  return app;
}

// Runs `task` after the answer is sent. On Node, Bun and Deno the process outlives the answer; on
// Workers the runtime may stop once it is sent unless the work is handed to waitUntil().
function inBackground(c, task) {
  const work = new Promise((resolve) => setTimeout(resolve, 0)).then(task);
  let executionCtx;
  try {
    executionCtx = c.executionCtx;
  } catch {
    // Hono throws when the runtime has no execution context (Node, Bun, Deno).
  }
  executionCtx?.waitUntil(work);
}

// The answer has gone, so a failure here cannot make the service retry: log it, and in production
// keep the event in your database so a job can try again.
function runHandler(onEvent, delivery, log) {
  return Promise.resolve()
    .then(() => onEvent(delivery, log))
    .catch((error) => log.error(`processing ${delivery.id} failed: ${error?.message ?? error}`));
}
