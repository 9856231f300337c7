// The webhook receiver: verify the signature over the RAW body, de-duplicate on webhook-id,
// answer 2xx at once, then process the event in the background.
import { isShareCodeWebhookError } from '@sharecode/sdk';
import { verifyWebhook } from '@sharecode/sdk/webhooks';
import express from 'express';
import { processEvent } from './process-event.mjs';
import { refusalStatus } from './refusal-status.mjs';
import { SeenEvents } from './seen-events.mjs';

export const WEBHOOK_PATH = '/webhooks/rtw';

// Events of live checks carry the applicant photo and the portal PDF as data URLs: allow large
// bodies (express.raw's default limit is 100 kB).
const BODY_LIMIT = '10mb';

/**
 * The webhook route as a Router to mount in your app. It reads its own body with express.raw():
 * mount it BEFORE any app-wide express.json(), which would consume and parse the body first.
 */
export function webhookRouter({ secret, seen = new SeenEvents(), onEvent = processEvent, log = console }) {
  const router = express.Router();
  router.post(WEBHOOK_PATH, express.raw({ type: 'application/json', limit: BODY_LIMIT }), (req, res) => {
    let event;
    try {
      event = verifyWebhook(req.body, req.headers, secret);
    } catch (error) {
      if (!isShareCodeWebhookError(error)) throw error;
      log.warn(`refused a webhook (${error.reason}): ${error.message}`);
      res.status(refusalStatus(error.reason)).type('text/plain').send(error.reason);
      return;
    }
    // The id is covered by the signature, and identical on every attempt of one event.
    const id = req.get('webhook-id');
    const fresh = seen.add(id);
    // Acknowledge first: the service counts only a 2xx within 10 seconds as delivered.
    res.status(200).json({ received: true, duplicate: !fresh });
    if (fresh) setImmediate(() => processInBackground(onEvent, { id, event }, log));
  });
  return router;
}

/** An app with only the webhook route. */
export function createApp(options) {
  const app = express();
  app.disable('x-powered-by');
  app.use(webhookRouter(options));
  return app;
}

// The answer has gone, so a failure here cannot make the service retry: log it, and in production
// keep the event in your database so a job can try again.
function processInBackground(onEvent, delivery, log) {
  Promise.resolve()
    .then(() => onEvent(delivery, log))
    .catch((error) => log.error(`processing ${delivery.id} failed: ${error?.message ?? error}`));
}
