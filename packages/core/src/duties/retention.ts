import type { CheckKind } from '../check-kind.js';
import { addYearsTo, isoDay } from './calendar.js';

/**
 * How long evidence is kept after the relationship the check was for ends (the employment, the
 * tenancy, or for immigration status whatever the check was for), in whole years.
 */
export const RETENTION_YEARS_AFTER_END: Readonly<Record<CheckKind, number>> = {
  // Home Office, "Employer's guide to right to work checks": keep the evidence securely for the
  // duration of the employment and for two years after it ends. Since 1 October 2026 (Border
  // Security, Asylum and Immigration Act 2025, s.48; the code of practice updated 30 June 2026) the
  // same holds for an engagement: a worker contract, an individual contractor, a platform's worker.
  right_to_work: 2,
  // Home Office, "Code of practice on illegal immigrants and private rented accommodation": keep
  // the copies for the duration of the tenancy and for one year after it ends.
  right_to_rent: 1,
  // No statutory period: the check serves a purpose (a loan, a licence) rather than a duty. We
  // keep it one year after that purpose ends, the shorter of the two statutory periods, as UK
  // GDPR's storage limitation asks for no longer than needed (docs/decisions.md).
  immigration_status: 1,
};

/**
 * The last day the evidence must be kept: the end of the employment or tenancy plus the kind's
 * period. A 29 February end keeps until 1 March in a common year: never delete a day early.
 */
export function retentionEnd(kind: CheckKind, endDate: string): string {
  return addYearsTo(endDate, RETENTION_YEARS_AFTER_END[kind], 'late', 'endDate');
}

/** True once `today` is after the retention end: only then may the evidence be deleted. */
export function isPastRetention(retentionEndDate: string, today: string): boolean {
  isoDay(retentionEndDate, 'retentionEnd');
  isoDay(today, 'today');
  return today > retentionEndDate;
}
