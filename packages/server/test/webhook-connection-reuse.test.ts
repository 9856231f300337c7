// Webhook connections are reused per pinned target (pinned-agents.ts) without weakening spec 6.3:
// a socket is only ever reused for the very address the attempt vetted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallbackUrlPolicy } from '../src/checks/callback-url-policy.js';
import { attemptDelivery, type Transport } from '../src/webhooks/attempt-delivery.js';
import { createPinnedAgents, type PinnedAgents } from '../src/webhooks/pinned-agents.js';
import { trustedCas } from '../src/webhooks/post-webhook.js';
import { generateWebhookSecret, webhookSecretKey } from '../src/webhooks/webhook-secret.js';
import { startTestReceiver, type TestReceiver } from './support/webhook-receiver.js';
import { testResolver } from './support/webhook-resolver.js';
import { makeTestCertificate, TEST_RECEIVER_HOST, type TestCertificate } from './support/webhook-tls.js';

let tls: TestCertificate;
let receiver: TestReceiver;
let agents: PinnedAgents;

beforeAll(async () => {
  tls = makeTestCertificate();
  receiver = await startTestReceiver(tls);
});

afterAll(async () => {
  agents?.close();
  await receiver?.close();
  tls?.cleanup();
});

const secretKey = webhookSecretKey(generateWebhookSecret()) as Buffer;

function transportFor(table: Parameters<typeof testResolver>[0]): Transport {
  const secureContext = trustedCas([tls.cert]);
  agents?.close();
  agents = createPinnedAgents({ secureContext });
  return {
    // The receiver's name is an operator-allowed local host, as in the hostile-URL tests.
    policy: createCallbackUrlPolicy([TEST_RECEIVER_HOST]),
    lookup: testResolver(table).lookup,
    timeoutMs: 2_000,
    secureContext,
    agents,
  };
}

const attempt = (transport: Transport, n: number) =>
  attemptDelivery(transport, {
    url: `https://${TEST_RECEIVER_HOST}:${receiver.port}/hooks`,
    eventId: `evt_0123456789abcdefABCDEF01234567${String(n).padStart(2, '0')}`,
    body: '{"type":"check.test"}',
    secretKey,
    sentAt: new Date(),
  });

describe('webhook connection reuse', () => {
  it('sends several deliveries to one target over one connection', async () => {
    const transport = transportFor({ [TEST_RECEIVER_HOST]: ['127.0.0.1'] });
    const before = receiver.connections();
    for (let n = 1; n <= 3; n += 1) expect((await attempt(transport, n)).delivered).toBe(true);
    expect(receiver.connections() - before).toBe(1);
    expect(agents.size()).toBe(1);
  });

  it('never reuses a socket for another vetted address: a name that moves gets a new connection there', async () => {
    // First lookup: the receiver's address. Second: another loopback address nobody listens on.
    const transport = transportFor({ [TEST_RECEIVER_HOST]: [['127.0.0.1'], ['127.0.0.2']] });
    expect((await attempt(transport, 4)).delivered).toBe(true);
    const moved = await attempt(transport, 5);
    // Reusing the open socket to 127.0.0.1 would have delivered it; the attempt dialled 127.0.0.2.
    expect(moved).toMatchObject({ delivered: false, errorClass: 'connection' });
    expect(agents.size()).toBe(2);
  });
});
