import type { CheckKind } from '@sharecode/core';
import { kindInfo } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';

/** A valid request body of each kind for a share code (sandbox date of birth unless given). */
export function validBody(
  kind: CheckKind,
  shareCode: string,
  dateOfBirth = SANDBOX_DATE_OF_BIRTH,
): Record<string, unknown> {
  switch (kind) {
    case 'right_to_work':
      return { share_code: shareCode, date_of_birth: dateOfBirth, company_name: 'Acme Staffing Ltd' };
    case 'right_to_rent':
      return {
        share_code: shareCode,
        date_of_birth: dateOfBirth,
        checker_name: 'Acme Lettings',
        checker_type: 'agent',
      };
    case 'immigration_status':
      return {
        share_code: shareCode,
        date_of_birth: dateOfBirth,
        company_name: 'Acme Bank, Leeds branch',
        job_title: 'Compliance officer',
        purpose: 'personal_finance',
      };
  }
}

/** The contract's path templates of a kind. */
export function templates(kind: CheckKind): { sync: string; async: string; get: string } {
  const info = kindInfo(kind);
  return { sync: info.syncPath, async: info.asyncPath, get: `${info.locationPrefix}{check_id}` };
}

/** A valid check-request body of each kind (POST /api/check-requests). */
export function requestBody(kind: CheckKind): Record<string, unknown> {
  switch (kind) {
    case 'right_to_work':
      return { kind, company_name: 'Acme Staffing Ltd' };
    case 'right_to_rent':
      return { kind, checker_name: 'Hill Lettings', checker_type: 'agent' };
    case 'immigration_status':
      return { kind, company_name: 'Acme Bank', job_title: 'Compliance officer', purpose: 'travel' };
  }
}
