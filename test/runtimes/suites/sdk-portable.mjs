// The SDK and the sandbox's handlers as an integrator uses them on any runtime (Bun, Deno, workerd,
// Node): a client against a local server, retries, waitForCheck, webhook verification, and the
// sandbox's MSW handlers answering in-process. Uses fetch, Request and Web Crypto only.

import { createSandbox } from '@sharecode/sandbox';
import { ShareCodeClient } from '@sharecode/sdk';
import { signWebhook, verifyWebhook } from '@sharecode/sdk/webhooks';
import { getResponse } from 'msw';
import { assert, assertEqual, createHarness } from './harness.mjs';

const API_KEY = 'rtw_test_0000000000000000000000000000000000000000';
const RIGHT_TO_WORK = { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' };
const QUICK = { startMs: 5, runMs: 5, retrySchedule: [0.02, 0.04] };

/** `fetch` answered by the sandbox's MSW handlers, in this runtime, with no network. */
function sandboxFetch(sandbox) {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await getResponse(sandbox.handlers, request);
    if (!response) throw new Error(`the sandbox has no handler for ${request.method} ${request.url}`);
    return response;
  };
}

/**
 * Runs the suite. `baseUrl`: a local server answering as the sandbox does (started by the
 * runtime stage); leave it out where the runtime cannot reach one.
 */
export async function runSdkSuite({ baseUrl } = {}) {
  const { test, results } = createHarness();

  if (baseUrl) {
    await test('client against a local server: a sync right-to-work check', async () => {
      const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl });
      const result = await client.checkRightToWork(RIGHT_TO_WORK);
      assertEqual(result.outcome, 'ACCEPTED', 'outcome');
    });
  }

  await test('sandbox handlers in-process: a sync check, a 404 as a typed error', async () => {
    const sandbox = createSandbox({ delays: QUICK });
    const client = new ShareCodeClient({
      apiKey: API_KEY,
      baseUrl: sandbox.baseUrl,
      fetch: sandboxFetch(sandbox),
    });
    const result = await client.checkRightToWork(RIGHT_TO_WORK);
    assertEqual(result.outcome, 'ACCEPTED', 'outcome');
    const missing = await client
      .checkRightToWork({ ...RIGHT_TO_WORK, share_code: 'WNFND0001' })
      .catch((e) => e);
    assertEqual(missing?.code, 'NOT_FOUND', 'error code');
  });

  await test('retries: a 503 BUSY with Retry-After, then the answer', async () => {
    const sandbox = createSandbox({ delays: QUICK });
    const answer = sandboxFetch(sandbox);
    const keys = [];
    const flaky = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      keys.push(request.url);
      if (keys.length === 1) {
        return new Response(JSON.stringify({ error: { code: 'BUSY', message: 'busy' } }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        });
      }
      return answer(request);
    };
    const client = new ShareCodeClient({
      apiKey: API_KEY,
      baseUrl: sandbox.baseUrl,
      fetch: flaky,
      maxRetries: 2,
    });
    const result = await client.checkRightToWork(RIGHT_TO_WORK);
    assertEqual(result.outcome, 'ACCEPTED', 'outcome after a retry');
    assertEqual(keys.length, 2, 'attempts');
  });

  let sandboxEvent;
  await test('waitForCheck and a signed webhook the SDK verifies', async () => {
    const sandbox = createSandbox({ delays: QUICK });
    const webhooks = [];
    sandbox.onWebhook((request) => {
      webhooks.push(request);
    });
    const client = new ShareCodeClient({
      apiKey: API_KEY,
      baseUrl: sandbox.baseUrl,
      fetch: sandboxFetch(sandbox),
    });
    const { check } = await client.createRightToWorkCheck({
      ...RIGHT_TO_WORK,
      callback_url: 'https://hooks.example.com/rtw',
    });
    const finished = await client.waitForCheck(check.id, { interval: 10, maxInterval: 20, timeout: 10_000 });
    assertEqual(finished.status, 'succeeded', 'status');
    assertEqual(finished.result?.outcome, 'ACCEPTED', 'outcome');
    for (let i = 0; i < 100 && webhooks.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert(webhooks.length > 0, 'the sandbox signed a webhook');
    const event = verifyWebhook(webhooks[0].body, webhooks[0].headers, sandbox.webhookSecret);
    assertEqual(event.type, 'check.succeeded', 'event type');
    assertEqual(event.data.id, check.id, 'event check id');
    sandboxEvent = JSON.parse(webhooks[0].body);
  });

  await test('webhook verification: signed, verified, and a tampered body refused', async () => {
    assert(sandboxEvent, 'the previous test captured an event');
    const secret = createSandbox().webhookSecret;
    const signed = signWebhook(sandboxEvent, secret);
    assertEqual(
      verifyWebhook(signed.body, signed.headers, secret).data.id,
      sandboxEvent.data.id,
      'verified id',
    );
    const tampered = (() => {
      try {
        verifyWebhook(signed.body.replace('ACCEPTED', 'REJECTED'), signed.headers, secret);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    assertEqual(tampered?.name, 'ShareCodeWebhookError', 'tampered body');
  });

  return results;
}
