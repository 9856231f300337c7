#!/usr/bin/env node
// Sends your receiver a webhook as the service would: runs an asynchronous check, signs its
// check.succeeded (or check.failed) event with RTW_WEBHOOK_SECRET, posts it, then posts the same
// event again with a new timestamp, as a retried delivery arrives.
// Usage: RTW_API_KEY=rtw_test_... RTW_WEBHOOK_SECRET=whsec_... node send-event.mjs <receiver URL> [share code]
import { ShareCodeClient } from '@sharecode/sdk';
import { signWebhook } from '@sharecode/sdk/webhooks';

const [url, shareCode = 'WACPT0001'] = process.argv.slice(2);
const secret = process.env.RTW_WEBHOOK_SECRET;
if (!url || !secret) {
  console.error('Usage: RTW_WEBHOOK_SECRET=whsec_... node send-event.mjs <receiver URL> [share code]');
  process.exit(2);
}

const client = new ShareCodeClient();
const { check } = await client.createRightToWorkCheck({
  share_code: shareCode,
  date_of_birth: '1990-01-01',
  company_name: 'Acme Ltd',
  client_reference: 'hire-0001',
});
const finished = await client.waitForCheck(check.id, { interval: 100 });
const event = { type: `check.${finished.status}`, created_at: new Date().toISOString(), data: finished };

const first = signWebhook(event, secret);
const retry = signWebhook(event, secret, { id: first.headers['webhook-id'] });
let failed = false;
for (const [label, delivery] of [
  ['delivery', first],
  ['retry', retry],
]) {
  try {
    const response = await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
    console.log(`${label} ${delivery.headers['webhook-id']}: ${response.status} ${await response.text()}`);
    failed ||= !response.ok;
  } catch (error) {
    console.error(
      `${label}: could not reach ${url} (${error.cause?.code ?? error.message}); is the receiver running?`,
    );
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
