import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallbackUrlPolicy } from '../src/checks/callback-url-policy.js';
import { attemptDelivery, type Transport } from '../src/webhooks/attempt-delivery.js';
import { trustedCas } from '../src/webhooks/post-webhook.js';
import { generateWebhookSecret, webhookSecretKey } from '../src/webhooks/webhook-secret.js';
import { call, errorOf } from './support/api.js';
import { eventually } from './support/async-server.js';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';
import { startConnectionCounter, startTestReceiver, type TestReceiver } from './support/webhook-receiver.js';
import { testResolver } from './support/webhook-resolver.js';
import { startWebhookTestServer } from './support/webhook-server.js';
import { makeTestCertificate, TEST_RECEIVER_HOST, type TestCertificate } from './support/webhook-tls.js';

// Every hostile callback URL is refused at submission (400 INVALID_INPUT naming callback_url) or before
// a connection is made, and nothing reaches the listener that stands for the internal target: it
// listens on every local address, so any loopback or unspecified spelling that got through would count.

let counter: Awaited<ReturnType<typeof startConnectionCounter>>;
let tls: TestCertificate;
let receiver: TestReceiver;
let server: TestServer;
let key: string;

beforeAll(async () => {
  counter = await startConnectionCounter('::');
  tls = makeTestCertificate();
  receiver = await startTestReceiver(tls);
  server = await startTestServer('pglite');
  key = (await newKey(server.admin, 'free', 'test')).key;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await counter?.close();
  tls?.cleanup();
});

/** Literal and malformed URLs: core's static rules refuse them when given. */
const literalUrls = (p: number): string[] => [
  `https://127.0.0.1:${p}/`,
  `https://127.0.0.2:${p}/`,
  `https://2130706433:${p}/`,
  `https://017700000001:${p}/`,
  `https://0177.0.0.1:${p}/`,
  `https://0x7f000001:${p}/`,
  `https://0x7f.1:${p}/`,
  `https://127.1:${p}/`,
  `https://127.0.1:${p}/`,
  `https://0:${p}/`,
  `https://0.0.0.0:${p}/`,
  `https://[::1]:${p}/`,
  `https://[::]:${p}/`,
  `https://[::ffff:127.0.0.1]:${p}/`,
  `https://[::ffff:7f00:1]:${p}/`,
  `https://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
  `https://[::127.0.0.1]:${p}/`,
  `https://[64:ff9b::127.0.0.1]:${p}/`,
  `https://[64:ff9b::a9fe:a9fe]:${p}/`,
  `https://[2002:7f00:1::]:${p}/`,
  `https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${p}/`,
  `https://[fe80::1]:${p}/`,
  `https://[fc00::1]:${p}/`,
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://[ff02::1]/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://169.254.170.2/v2/credentials',
  'https://224.0.0.1/',
  'https://240.0.0.1/',
  'https://255.255.255.255/',
  'https://198.18.0.1/',
  `https://localhost:${p}/`,
  `https://LOCALHOST.:${p}/`,
  `https://api.localhost:${p}/`,
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://router/',
  `https://user:password@${TEST_RECEIVER_HOST}/`,
  `https://${TEST_RECEIVER_HOST}@127.0.0.1:${p}/`,
  `http://${TEST_RECEIVER_HOST}/`,
  `HTTPS://127.0.0.1:${p}/`,
  // Cloud platforms' special addresses (core's cloud-metadata.ts) and malformed hosts (issue 15).
  'https://168.63.129.16/machine?comp=goalstate',
  'https://[::ffff:168.63.129.16]/',
  'https://100.100.100.200/latest/meta-data/',
  'https://[fd20:ce::254]/computeMetadata/v1/',
  'https://hooks.example.com:0/',
  'https://hooks.example../',
  `https://${'a'.repeat(64)}.example.com/`,
  `https://${Array.from({ length: 5 }, () => 'a'.repeat(50)).join('.')}.com/`,
  `https:\\\\127.0.0.1:${p}/`,
  `https://127.0.0.1%2f:${p}/`,
];

/** Names that look public but resolve (through the injected resolver) to places that are not. */
const resolvedUrls = (p: number): string[] => [
  `https://loopback.rtw-test.example:${p}/`,
  `https://metadata.rtw-test.example:${p}/`,
  `https://mixed.rtw-test.example:${p}/`,
  `https://mapped.rtw-test.example:${p}/`,
  `https://zero.rtw-test.example:${p}/`,
  `https://nat64.rtw-test.example:${p}/`,
  `https://ula.rtw-test.example:${p}/`,
  `https://azure.rtw-test.example:${p}/`,
  `https://aws6.rtw-test.example:${p}/`,
];

const resolverTable = {
  'loopback.rtw-test.example': ['127.0.0.1'],
  'metadata.rtw-test.example': ['169.254.169.254'],
  'mixed.rtw-test.example': ['93.184.216.34', '10.0.0.7'],
  'mapped.rtw-test.example': ['::ffff:127.0.0.1'],
  'zero.rtw-test.example': ['0.0.0.0'],
  'nat64.rtw-test.example': ['64:ff9b::7f00:1'],
  'ula.rtw-test.example': ['fd12:3456::1'],
  'azure.rtw-test.example': ['168.63.129.16'],
  'aws6.rtw-test.example': ['fd00:ec2::254'],
  // Public on the first look, loopback on every later one.
  'rebind.rtw-test.example': [['192.0.43.10'], ['127.0.0.1']],
  [TEST_RECEIVER_HOST]: ['127.0.0.1'],
};

const secretKey = webhookSecretKey(generateWebhookSecret()) as Buffer;

async function attempt(transport: Transport, url: string) {
  return attemptDelivery(transport, {
    url,
    eventId: 'evt_0123456789abcdefABCDEF0123456789',
    body: '{"type":"check.test"}',
    secretKey,
    sentAt: new Date(),
  });
}

describe('hostile callback URLs', () => {
  it('has at least 40 of them', () => {
    expect(literalUrls(1).length + resolvedUrls(1).length + 2).toBeGreaterThanOrEqual(40);
  });

  it('refuses every literal one at submission with 400 INVALID_INPUT naming callback_url', async () => {
    for (const url of literalUrls(counter.port)) {
      // Sandbox keys have 25 requests a second; the test clock moves only when told.
      server.clock.advance(100);
      const response = await call(server.url, 'POST', '/api/check/async', {
        key,
        json: {
          share_code: 'WACPT0001',
          date_of_birth: SANDBOX_DATE_OF_BIRTH,
          company_name: 'Acme Ltd',
          callback_url: url,
        },
      });
      expect(response.status, url).toBe(400);
      expect(errorOf(response).code, url).toBe('INVALID_INPUT');
      expect(errorOf(response).message, url).toContain('callback_url');
    }
  });

  it('refuses every one before connecting, literal or resolved, and reaches nothing', async () => {
    const resolver = testResolver(resolverTable);
    const transport: Transport = {
      policy: createCallbackUrlPolicy(),
      lookup: resolver.lookup,
      timeoutMs: 2_000,
      secureContext: trustedCas([tls.cert]),
    };
    for (const url of [...literalUrls(counter.port), ...resolvedUrls(counter.port)]) {
      const outcome = await attempt(transport, url);
      expect(outcome.delivered, url).toBe(false);
      expect(['url_refused', 'address_refused'], url).toContain(outcome.errorClass);
    }
    expect(counter.connections()).toBe(0);
  });

  it('defeats DNS rebinding: one lookup per attempt, the vetted address is the one dialled', async () => {
    const resolver = testResolver(resolverTable);
    const transport: Transport = {
      policy: createCallbackUrlPolicy(),
      lookup: resolver.lookup,
      timeoutMs: 1_000,
      secureContext: trustedCas([tls.cert]),
    };
    const url = `https://rebind.rtw-test.example:${counter.port}/`;
    // First look: a public address, which is dialled (unreachable here); never a second lookup that
    // would return loopback at connect time.
    const first = await attempt(transport, url);
    expect(first.delivered).toBe(false);
    expect(first.errorClass).not.toBe('address_refused');
    expect(resolver.calls).toEqual(['rebind.rtw-test.example']);
    // The next attempt looks again, sees loopback, and refuses before connecting.
    const second = await attempt(transport, url);
    expect(second.errorClass).toBe('address_refused');
    expect(resolver.calls).toHaveLength(2);
    expect(counter.connections()).toBe(0);
  });

  it('does not follow a redirect to a private address (3xx is a failure)', async () => {
    const resolver = testResolver(resolverTable);
    const transport: Transport = {
      // The receiver itself is a trusted local host; its redirect target is not followed at all.
      policy: createCallbackUrlPolicy([TEST_RECEIVER_HOST]),
      lookup: resolver.lookup,
      timeoutMs: 2_000,
      secureContext: trustedCas([tls.cert]),
    };
    receiver.answer = () => ({ redirectTo: `https://127.0.0.1:${counter.port}/` });
    const outcome = await attempt(transport, `https://${TEST_RECEIVER_HOST}:${receiver.port}/hooks`);
    expect(outcome).toMatchObject({ delivered: false, statusCode: 302, errorClass: 'redirect' });
    expect(receiver.received).toHaveLength(1);
    expect(counter.connections()).toBe(0);
  });

  it('refuses plain http even for a host the operator allowed', async () => {
    const transport: Transport = {
      policy: createCallbackUrlPolicy(['127.0.0.1', 'localhost']),
      lookup: testResolver(resolverTable).lookup,
      timeoutMs: 2_000,
      secureContext: trustedCas([tls.cert]),
    };
    const outcome = await attempt(transport, `http://127.0.0.1:${counter.port}/`);
    expect(outcome.errorClass).toBe('url_refused');
    expect(counter.connections()).toBe(0);
  });

  it('refuses, before every attempt of a queued check, a name that resolves to loopback', async () => {
    const resolver = testResolver(resolverTable);
    const ctx = await startWebhookTestServer(
      'pglite',
      {
        RTW_WEBHOOKS_RETRY_SECONDS: '0.05,0.05,0.05,0.05,0.05,0.05,0.05',
        RTW_WEBHOOKS_POLL_INTERVAL_MS: '20',
      },
      { lookup: resolver.lookup },
    );
    try {
      const owner = await newKey(ctx.server.admin, 'free', 'test');
      const response = await call(ctx.server.url, 'POST', '/api/check/async', {
        key: owner.key,
        json: {
          share_code: 'WACPT0001',
          date_of_birth: SANDBOX_DATE_OF_BIRTH,
          company_name: 'Acme Ltd',
          callback_url: `https://loopback.rtw-test.example:${counter.port}/hooks`,
        },
      });
      expect(response.status).toBe(202);
      const delivery = await eventually(async () => {
        const [found] = await ctx.server.webhooks.recent(owner.accountId, 'test');
        return found?.state === 'given_up' ? found : undefined;
      }, 'the give-up');
      expect(delivery).toMatchObject({
        attempts: 8,
        lastErrorClass: 'address_refused',
        lastStatusCode: null,
      });
      expect(resolver.calls.filter((name) => name === 'loopback.rtw-test.example')).toHaveLength(8);
      expect(counter.connections()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
