#!/usr/bin/env node
// Runs a right-to-work check and keeps its evidence: the applicant photo (JPEG) and the portal's
// PDF, written to a folder with the SHA-256 of each file for your audit record.
// Usage: RTW_API_KEY=rtw_test_... node save-evidence.mjs <share-code> <date-of-birth> <company> [folder]
import {
  isDobMismatch,
  isNotFound,
  isShareCodeApiError,
  isShareCodeEvidenceError,
  ShareCodeClient,
} from '@sharecode/sdk';
import { saveEvidence } from '@sharecode/sdk/node';

const [shareCode, dateOfBirth, company, folder = 'evidence'] = process.argv.slice(2);
if (!shareCode || !dateOfBirth || !company) {
  console.error(
    'Usage: node save-evidence.mjs <share-code> <date-of-birth YYYY-MM-DD> <company name> [folder]',
  );
  process.exit(2);
}

const client = new ShareCodeClient();

try {
  const result = await client.checkRightToWork({
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    company_name: company,
  });
  // Checks each file really is a JPEG / a PDF, names them after result.reference, and never
  // overwrites an existing file with other bytes (pass { overwrite: true } to allow it); a file that
  // already holds exactly these bytes (a re-run) is left as it is and reported alreadySaved.
  const saved = await saveEvidence(result, folder);
  console.log(`${result.outcome}, reference ${result.reference ?? 'none'}, checked at ${result.checked_at}`);
  for (const [label, file] of Object.entries(saved)) {
    if (!file) console.log(`${label}: none in this result`);
    else {
      const note = file.alreadySaved ? ' (already saved, unchanged)' : '';
      console.log(`${label}: ${file.path} (${file.bytes} bytes) sha256 ${file.sha256}${note}`);
    }
  }
} catch (error) {
  if (isShareCodeEvidenceError(error)) {
    console.error(`Evidence not saved (${error.reason}): ${error.message}`);
    process.exit(6);
  }
  if (isNotFound(error) || isDobMismatch(error)) {
    console.error(`${error.code}: ${error.message}`);
    process.exit(4);
  }
  if (isShareCodeApiError(error)) {
    console.error(`${error.code} (request ${error.requestId}): ${error.message}`);
    process.exit(5);
  }
  throw error;
}
