#!/usr/bin/env node
// Runs one right-to-work check and prints the answer.
// Usage: RTW_API_KEY=rtw_test_... node check.mjs <share-code> <date-of-birth> <company>
import {
  isDobMismatch,
  isNotFound,
  isShareCodeApiError,
  isShareCodeError,
  ShareCodeClient,
} from '@sharecode/sdk';

const [shareCode, dateOfBirth, company] = process.argv.slice(2);
if (!shareCode || !dateOfBirth || !company) {
  console.error('Usage: node check.mjs <share-code> <date-of-birth YYYY-MM-DD> <company name>');
  process.exit(2);
}

// The key comes from RTW_API_KEY and the address from RTW_BASE_URL.
const client = new ShareCodeClient();

try {
  const result = await client.checkRightToWork({
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    company_name: company,
  });
  console.log(`${result.outcome}: ${result.name}`);
  console.log(`permission: ${result.permission_type ?? 'none shown'}`);
  console.log(`expires: ${result.expiry_date ?? 'no time limit'}`);
  for (const condition of result.conditions) console.log(`condition: ${condition}`);
  console.log(`reference: ${result.reference ?? 'none'}`);
} catch (error) {
  if (isNotFound(error) || isDobMismatch(error)) {
    console.error(`${error.code}: ${error.message}`);
    process.exit(4);
  }
  if (isShareCodeApiError(error)) {
    console.error(`${error.code} (request ${error.requestId}): ${error.message}`);
    process.exit(5);
  }
  if (isShareCodeError(error)) {
    // No answer from the service (network, timeout): check RTW_BASE_URL and that the service runs.
    console.error(error.message);
    process.exit(5);
  }
  throw error;
}
