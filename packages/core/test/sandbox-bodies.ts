// Test helper: a valid request body of each kind for a share code, and its validated form.
import type { CheckKind } from '../src/index.js';
import { SANDBOX_DATE_OF_BIRTH } from '../src/sandbox/index.js';
import type { ValidatedRequest } from '../src/validation/index.js';
import { validateCheckRequest } from '../src/validation/index.js';

export const NOW = new Date('2026-03-15T10:20:30.000Z');

export function bodyFor(
  kind: CheckKind,
  shareCode: string,
  dateOfBirth = SANDBOX_DATE_OF_BIRTH,
): Record<string, string> {
  switch (kind) {
    case 'right_to_work':
      return { share_code: shareCode, date_of_birth: dateOfBirth, company_name: 'Acme Widgets Ltd' };
    case 'right_to_rent':
      return {
        share_code: shareCode,
        date_of_birth: dateOfBirth,
        checker_name: 'Jane Landlord',
        checker_type: 'landlord',
      };
    case 'immigration_status':
      return {
        share_code: shareCode,
        date_of_birth: dateOfBirth,
        company_name: 'Big Bank plc, Leeds branch',
        job_title: 'Account opening officer',
        purpose: 'personal_finance',
      };
  }
}

export function validated(
  kind: CheckKind,
  shareCode: string,
  dateOfBirth?: string,
  async = false,
): ValidatedRequest {
  const result = validateCheckRequest(kind, bodyFor(kind, shareCode, dateOfBirth), { async, now: NOW });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
