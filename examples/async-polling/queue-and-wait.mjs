#!/usr/bin/env node
// Queues a right-to-rent check, then polls until it ends, printing each state it passes through.
// Usage: RTW_API_KEY=rtw_test_... node queue-and-wait.mjs <share-code> <date-of-birth> <landlord name>
import { ShareCodeClient } from '@sharecode/sdk';

const [shareCode, dateOfBirth, landlord] = process.argv.slice(2);
if (!shareCode || !dateOfBirth || !landlord) {
  console.error('Usage: node queue-and-wait.mjs <share-code> <date-of-birth YYYY-MM-DD> <landlord name>');
  process.exit(2);
}

const client = new ShareCodeClient();

// The SDK sends an Idempotency-Key (made up here, reused on its own retries), so a retried
// request never queues or charges a second check. Keep it if you might resend later.
const { check, idempotencyKey } = await client.createRightToRentCheck({
  share_code: shareCode,
  date_of_birth: dateOfBirth,
  checker_name: landlord,
  checker_type: 'landlord',
  client_reference: 'tenancy-0001',
});
console.log(`queued ${check.id} (idempotency key ${idempotencyKey})`);

const finished = await client.waitForCheck(check.id, {
  timeout: 10 * 60_000,
  onProgress: (current) => console.log(`${current.status} (attempts: ${current.attempts})`),
});

if (finished.status === 'succeeded' && finished.result) {
  console.log(`${finished.result.outcome}: ${finished.result.name}`);
} else {
  console.log(`failed: ${finished.error?.code}: ${finished.error?.message}`);
  process.exitCode = 4;
}
