import { resultExpiresAt } from '../check-record.js';
import type { CheckRecord } from '../contract.js';
import { SANDBOX_PEOPLE } from './people.js';
import { rightToWorkResult } from './results.js';
import { SANDBOX_DATE_OF_BIRTH } from './scenarios.js';

export const SANDBOX_TEST_CHECK_ID = `chk_${'0'.repeat(32)}`;
export const SANDBOX_TEST_COMPANY = 'Sandbox Ltd';

/**
 * The fixed record sent as `data` of a `check.test` webhook: a succeeded test-mode check of WACPT0001
 * for "Sandbox Ltd", created and completed at `now`.
 */
export async function sandboxTestEventRecord(now: Date): Promise<CheckRecord> {
  const result = await rightToWorkResult(
    { share_code: 'WACPT0001', date_of_birth: SANDBOX_DATE_OF_BIRTH, company_name: SANDBOX_TEST_COMPANY },
    SANDBOX_PEOPLE.ACPT0001,
    now,
  );
  const at = now.toISOString();
  return {
    id: SANDBOX_TEST_CHECK_ID,
    status: 'succeeded',
    mode: 'test',
    client_reference: null,
    callback_url: null,
    attempts: 1,
    result,
    error: null,
    result_expires_at: resultExpiresAt(now).toISOString(),
    result_expired: false,
    created_at: at,
    completed_at: at,
  };
}
