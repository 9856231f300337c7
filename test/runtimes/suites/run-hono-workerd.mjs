// The Hono webhook example (examples/webhook-hono/src/worker.mjs, bundled: argv[2]) in workerd
// through miniflare, its secret a Worker binding read with hono/adapter's env(c): a signed delivery
// is acknowledged, a redelivery too (not processed twice), a tampered one refused with 401, an
// unsigned one with 400, and a Worker without the secret answers 500 (the sender retries). Prints
// the harness's results line. Run with Node 22 or later (miniflare's floor).

import { signWebhook } from '@sharecode/sdk/webhooks';
import { Miniflare } from 'miniflare';
import { assertEqual, createHarness } from './harness.mjs';

const SECRET = `whsec_${btoa('sharecode-runtimes-hono-secret-32b')}`;
const URL_ = 'http://receiver.test/webhooks/rtw';
const event = {
  type: 'check.test',
  created_at: new Date().toISOString(),
  data: {
    id: `chk_${'0'.repeat(32)}`,
    status: 'succeeded',
    mode: 'test',
    client_reference: null,
    callback_url: null,
    attempts: 1,
    result: {
      outcome: 'ACCEPTED',
      title: 'Right to work',
      name: 'PRIYA ANJALI SHARMA',
      date_of_birth: '1990-01-01',
      conditions: [],
      restrictions: [],
      share_code: 'WACPT0001',
      checked_at: new Date().toISOString(),
    },
    error: null,
    result_expires_at: null,
    result_expired: false,
    created_at: new Date().toISOString(),
    completed_at: new Date().toISOString(),
  },
};

function worker(bindings) {
  return new Miniflare({
    modules: true,
    scriptPath: process.argv[2],
    compatibilityDate: '2026-07-01',
    bindings,
  });
}

async function post(mf, delivery) {
  const response = await mf.dispatchFetch(URL_, {
    method: 'POST',
    body: delivery.body,
    headers: delivery.headers,
  });
  return { status: response.status, text: await response.text() };
}

const { results, test } = createHarness();
const mf = worker({ RTW_WEBHOOK_SECRET: SECRET });
try {
  const signed = signWebhook(event, SECRET);
  await test('a signed delivery is acknowledged (200), its secret read from the binding', async () => {
    const answer = await post(mf, signed);
    assertEqual(answer.status, 200, 'status');
    assertEqual(answer.text, '{"received":true,"duplicate":false}', 'body');
  });
  await test('a redelivery of the same event is acknowledged as a duplicate', async () => {
    const retry = signWebhook(event, SECRET, { id: signed.headers['webhook-id'] });
    assertEqual((await post(mf, retry)).text, '{"received":true,"duplicate":true}', 'body');
  });
  await test('a tampered body is refused with 401 bad_signature', async () => {
    const tampered = { ...signed, body: signed.body.replace('"ACCEPTED"', '"REJECTED"') };
    const answer = await post(mf, tampered);
    assertEqual(`${answer.status} ${answer.text}`, '401 bad_signature', 'answer');
  });
  await test('a delivery without signature headers is refused with 400', async () => {
    const answer = await post(mf, { body: signed.body, headers: { 'content-type': 'application/json' } });
    assertEqual(`${answer.status} ${answer.text}`, '400 missing_headers', 'answer');
  });
} finally {
  await mf.dispose();
}
const unset = worker({});
try {
  await test('without RTW_WEBHOOK_SECRET the Worker answers 500, so the sender retries', async () => {
    assertEqual((await post(unset, signWebhook(event, SECRET))).status, 500, 'status');
  });
} finally {
  await unset.dispose();
}
console.log(JSON.stringify({ results }));
