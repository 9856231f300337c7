// The webhook receiver: verify the signature over the RAW body, de-duplicate on webhook-id,
// answer 2xx at once, then process the event in the background.
import { isShareCodeWebhookError } from '@sharecode/sdk';
import { verifyWebhook } from '@sharecode/sdk/webhooks';
import Fastify from 'fastify';
import { processEvent } from './process-event.mjs';
import { refusalStatus } from './refusal-status.mjs';
import { SeenEvents } from './seen-events.mjs';

export const WEBHOOK_PATH = '/webhooks/rtw';

// Events of live checks carry the applicant photo and the portal PDF as data URLs: allow large
// bodies (Fastify's default limit is 1 MiB).
const BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The webhook route as a plugin. Registered without fastify-plugin, its content-type parser (JSON
 * kept as a Buffer) applies inside this plugin only: the app's other routes still get parsed JSON.
 */
export async function webhookPlugin(
  scope,
  { secret, seen = new SeenEvents(), onEvent = processEvent, log = console },
) {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  scope.post(WEBHOOK_PATH, async (request, reply) => {
    let event;
    try {
      event = verifyWebhook(request.body, request.headers, secret);
    } catch (error) {
      if (!isShareCodeWebhookError(error)) throw error;
      log.warn(`refused a webhook (${error.reason}): ${error.message}`);
      return reply.code(refusalStatus(error.reason)).type('text/plain').send(error.reason);
    }
    // The id is covered by the signature, and identical on every attempt of one event.
    const id = request.headers['webhook-id'];
    const fresh = seen.add(id);
    if (fresh) setImmediate(() => processInBackground(onEvent, { id, event }, log));
    // Acknowledge at once: the service counts only a 2xx within 10 seconds as delivered.
    return reply.code(200).send({ received: true, duplicate: !fresh });
  });
}

/** An app with only the webhook route. */
export function createApp(options) {
  const app = Fastify();
  app.register(webhookPlugin, options);
  return app;
}

// The answer has gone, so a failure here cannot make the service retry: log it, and in production
// keep the event in your database so a job can try again.
function processInBackground(onEvent, delivery, log) {
  Promise.resolve()
    .then(() => onEvent(delivery, log))
    .catch((error) => log.error(`processing ${delivery.id} failed: ${error?.message ?? error}`));
}
