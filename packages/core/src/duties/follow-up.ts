import type { CheckKind } from '../check-kind.js';
import { formatDate } from '../util/dates.js';
import { addYearsTo, isoDay } from './calendar.js';

/**
 * What the follow-up rules read from a result: every result of the three kinds fits (the fields
 * are the contract's), so callers pass the API's result as it is.
 */
export interface DutyResult {
  title: 'Right to work' | 'Right to rent' | 'Immigration status';
  outcome: 'ACCEPTED' | 'REJECTED';
  checked_at: string;
  /** Right to rent and immigration status: the day of the check, YYYY-MM-DD. */
  check_date?: string | undefined;
  /** Right to work and right to rent: end of the permission; null for no time limit. */
  expiry_date?: string | null | undefined;
  /** Right to rent: the portal's own follow-up date, when it gives one. */
  recheck_date?: string | null | undefined;
  /** Immigration status: end of the status; null for no time limit. */
  valid_until?: string | null | undefined;
  permission_type?: string | null | undefined;
  status?: string | undefined;
}

/** Why a follow-up falls on its date. */
export type FollowUpBasis =
  /** The permission's expiry date: check again on or before it. */
  | 'permission_expiry'
  /** Right to rent: 12 months after the check, later than the permission's expiry. */
  | 'twelve_months_after_check'
  /** Right to rent: the portal's follow-up date, the result showing no expiry date. */
  | 'portal_recheck_date';

/** Why no follow-up is due. */
export type NoFollowUpReason =
  /** Settled status or indefinite leave: no time limit. */
  | 'settled'
  /** Any other permission with no time limit (British or Irish citizens, for example). */
  | 'no_time_limit'
  /** REJECTED: there is no permission to check again; do not employ or let on this check. */
  | 'not_permitted';

export type FollowUp =
  | { due: true; date: string; basis: FollowUpBasis }
  | { due: false; reason: NoFollowUpReason };

const KIND_OF_TITLE: Readonly<Record<DutyResult['title'], CheckKind>> = {
  'Right to work': 'right_to_work',
  'Right to rent': 'right_to_rent',
  'Immigration status': 'immigration_status',
};

export function kindOfResult(result: Pick<DutyResult, 'title'>): CheckKind {
  return KIND_OF_TITLE[result.title];
}

/** The day of the check: the result's `check_date`, else the UTC day of `checked_at`. */
export function checkDateOf(result: Pick<DutyResult, 'checked_at' | 'check_date'>): string {
  if (result.check_date) return result.check_date;
  const at = new Date(result.checked_at);
  if (Number.isNaN(at.getTime())) throw new TypeError(`checked_at is not a date: "${result.checked_at}".`);
  return formatDate(at);
}

// "Pre-settled status" is time-limited and always carries an expiry; only full settlement counts.
const SETTLED = /\bsettled\b|indefinite/i;

function noTimeLimit(result: DutyResult): FollowUp {
  const wording = `${result.permission_type ?? ''} ${result.status ?? ''}`;
  return {
    due: false,
    reason: SETTLED.test(wording) && !/pre-settled/i.test(wording) ? 'settled' : 'no_time_limit',
  };
}

/**
 * When the check must be made again, from a result of any kind and the day it was made (default:
 * the result's own check day).
 */
export function followUpFor(result: DutyResult, checkDate: string = checkDateOf(result)): FollowUp {
  isoDay(checkDate, 'checkDate');
  if (result.outcome === 'REJECTED') return { due: false, reason: 'not_permitted' };
  switch (kindOfResult(result)) {
    case 'right_to_work':
      // Home Office, "Employer's guide to right to work checks": where the online check shows
      // time-limited permission, a follow-up check must be made before that permission expires,
      // or the statutory excuse is lost from the expiry date. No time limit: no follow-up
      // ("You don't need to do the check again" on the portal's PDF).
      return result.expiry_date
        ? { due: true, date: isoText(result.expiry_date, 'expiry_date'), basis: 'permission_expiry' }
        : noTimeLimit(result);
    case 'right_to_rent':
      return rightToRentFollowUp(result, checkDate);
    case 'immigration_status':
      // No statute asks for a follow-up of an immigration-status check (its purposes are not
      // employment or letting); we remind before the status ends so the record stays current.
      return result.valid_until
        ? { due: true, date: isoText(result.valid_until, 'valid_until'), basis: 'permission_expiry' }
        : noTimeLimit(result);
  }
}

function rightToRentFollowUp(result: DutyResult, checkDate: string): FollowUp {
  // Home Office, "Code of practice on illegal immigrants and private rented accommodation" (right
  // to rent): for a time-limited right to rent the follow-up check is due before the later of the
  // end of the permission and 12 months after the previous check (research/employer-duties.md).
  if (result.expiry_date) {
    const expiry = isoText(result.expiry_date, 'expiry_date');
    // 12 months after a 29 February check is 28 February: a deadline is never moved later.
    const yearAfter = addYearsTo(checkDate, 1, 'early', 'checkDate');
    return yearAfter > expiry
      ? { due: true, date: yearAfter, basis: 'twelve_months_after_check' }
      : { due: true, date: expiry, basis: 'permission_expiry' };
  }
  if (result.recheck_date) {
    return { due: true, date: isoText(result.recheck_date, 'recheck_date'), basis: 'portal_recheck_date' };
  }
  return noTimeLimit(result);
}

function isoText(text: string, field: string): string {
  isoDay(text, field);
  return text;
}
