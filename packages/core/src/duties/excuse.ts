import type { CheckKind } from '../check-kind.js';
import { daysBetween, isoDay } from './calendar.js';
import type { FollowUp, FollowUpBasis } from './follow-up.js';
import { retentionEnd } from './retention.js';
import { type WorkKind, workOf } from './work.js';

/** How the photograph on the profile was compared with the person. */
export type LikenessHow = 'in-person' | 'video';

export const LIKENESS_HOWS: readonly LikenessHow[] = ['in-person', 'video'];

/** Who compared the photo with the person, how, and when (ISO 8601). */
export interface LikenessRecord {
  how: LikenessHow;
  by: string;
  at: string;
}

/** One check as the excuse rule reads it (a register receipt fits). */
export interface ExcuseCheck {
  check_date: string;
  mode: 'live' | 'sandbox';
  outcome: 'ACCEPTED' | 'REJECTED';
  /** The follow-up of this check (`followUpFor`). */
  follow_up: FollowUp;
  /** The likeness check recorded for this check, if any. */
  likeness: LikenessRecord | null;
}

/** Everything recorded about one person for one kind of check. */
export interface ExcuseInput {
  kind: CheckKind;
  /** The work recorded; null: the kind's usual one (employment, tenancy). */
  work?: WorkKind | null | undefined;
  /** The latest check: the one the excuse rests on. */
  latest: ExcuseCheck;
  /** First day of the work (YYYY-MM-DD), when recorded. */
  started: string | null;
  /** Last day of the work, when recorded. */
  ended: string | null;
  /** The day to judge on, YYYY-MM-DD. */
  today: string;
}

/** Something that keeps the excuse from being established. */
export type ExcuseGap =
  /** Nobody recorded comparing the photo with the person, in person or on a live video call. */
  | { what: 'likeness' }
  /** The work started before the check: no excuse for the days from `started` to the day before it. */
  | { what: 'started_before_check'; started: string; check_date: string; days: number }
  /** Right to rent, time-limited: checked more than 28 days before the tenancy starts. */
  | { what: 'checked_too_early'; check_date: string; started: string; days: number }
  /** A sandbox check: test data, never evidence about a real person. */
  | { what: 'sandbox_check' }
  /** The check did not show a right to work or rent (REJECTED). */
  | { what: 'not_permitted' };

/** Worth knowing, but not a gap: the excuse still holds. */
export type ExcuseCaution =
  /** The start of the work is not recorded, so the check's timing cannot be shown. */
  { what: 'start_not_recorded' };

export type Excuse =
  | {
      state: 'established';
      work: WorkKind;
      /** The check date: the excuse runs from it. */
      since: string;
      /** The follow-up date for time-limited permission; null: for the whole work. */
      until: string | null;
      basis: FollowUpBasis | 'whole_work';
      cautions: ExcuseCaution[];
    }
  | { state: 'incomplete'; work: WorkKind; missing: ExcuseGap[]; cautions: ExcuseCaution[] }
  | { state: 'lapsed'; work: WorkKind; since: string; basis: FollowUpBasis }
  | { state: 'ended'; work: WorkKind; ended: string; keep_until: string }
  /** An immigration-status check: it serves no duty with a statutory excuse. */
  | { state: 'not_applicable'; work: null };

export type ExcuseState = Excuse['state'];

/**
 * Right to rent: a person with a time-limited right may be checked no earlier than 28 days before
 * the tenancy agreement (Immigration (Residential Accommodation) (Prescribed Requirements and Codes
 * of Practice) Order 2014, SI 2014/2874, paragraph 8: "28 days ending on the day before the day on
 * which the residential tenancy agreement ... is entered into"; Home Office "Code of practice on
 * illegal immigrants and private rented accommodation", in force 13 February 2024). A person with an
 * unlimited right may be checked any time before. The register records the tenancy's first day:
 * that is the day counted from.
 */
export const RIGHT_TO_RENT_CHECK_WINDOW_DAYS = 28;

function timingGaps(input: ExcuseInput, work: WorkKind): ExcuseGap[] {
  const { started, latest } = input;
  if (started === null) return [];
  isoDay(started, 'started');
  const lead = daysBetween(latest.check_date, started);
  // Home Office, "Employer's guide to right to work checks": the check must be made before the
  // work starts; work begun before it has no statutory excuse for the days in between. The same
  // holds for a tenancy (Immigration Act 2014, s.24(3): before the agreement is entered into).
  if (lead < 0) {
    return [{ what: 'started_before_check', started, check_date: latest.check_date, days: -lead }];
  }
  const timeLimited = latest.follow_up.due;
  if (work === 'tenancy' && timeLimited && lead > RIGHT_TO_RENT_CHECK_WINDOW_DAYS) {
    return [{ what: 'checked_too_early', check_date: latest.check_date, started, days: lead }];
  }
  return [];
}

/**
 * The statutory excuse a person's record gives, on `today`. For an online share-code check the Home
 * Office's "Employer's guide to right to work checks" asks for three things: the online check made
 * before the work starts; the photo on the profile compared with the person, in their presence or on
 * a live video call; and the profile kept with the date of the check. With all three, the excuse runs
 * from the check date until a follow-up is due (time-limited permission) or for the whole work; a
 * follow-up not made by its date loses it from that date (`lapsed`). Once the work has ended, the
 * evidence is kept for the retention period (`retentionEnd`).
 */
export function excuseFor(input: ExcuseInput): Excuse {
  const work = workOf(input.kind, input.work);
  if (work === null) return { state: 'not_applicable', work: null };
  isoDay(input.today, 'today');
  const { latest } = input;
  if (input.ended !== null && input.ended < input.today) {
    return { state: 'ended', work, ended: input.ended, keep_until: retentionEnd(input.kind, input.ended) };
  }
  const missing: ExcuseGap[] = [];
  if (latest.mode === 'sandbox') missing.push({ what: 'sandbox_check' });
  if (latest.outcome === 'REJECTED') missing.push({ what: 'not_permitted' });
  if (latest.likeness === null) missing.push({ what: 'likeness' });
  missing.push(...timingGaps(input, work));
  const cautions: ExcuseCaution[] = input.started === null ? [{ what: 'start_not_recorded' }] : [];
  if (missing.length > 0) return { state: 'incomplete', work, missing, cautions };
  const followUp = latest.follow_up;
  if (followUp.due) {
    // A follow-up ends the excuse on its date when not made; the work ending first keeps it.
    if (followUp.date < input.today)
      return { state: 'lapsed', work, since: followUp.date, basis: followUp.basis };
    return {
      state: 'established',
      work,
      since: latest.check_date,
      until: followUp.date,
      basis: followUp.basis,
      cautions,
    };
  }
  return { state: 'established', work, since: latest.check_date, until: null, basis: 'whole_work', cautions };
}

const GAP_WORDS: Readonly<Record<ExcuseGap['what'], (gap: ExcuseGap, work: WorkKind) => string>> = {
  likeness: () =>
    'no likeness check recorded (the photo compared with the person, in person or on a live video call)',
  started_before_check: (gap, work) =>
    gap.what === 'started_before_check'
      ? `the ${work} started on ${gap.started}, before the check on ${gap.check_date}: no excuse for those ${gap.days} day(s)`
      : '',
  checked_too_early: (gap) =>
    gap.what === 'checked_too_early'
      ? `checked ${gap.days} days before the tenancy starts on ${gap.started}: a time-limited right to rent is checked no earlier than ${RIGHT_TO_RENT_CHECK_WINDOW_DAYS} days before`
      : '',
  sandbox_check: () => 'a sandbox check (test data), not a check of a real person',
  not_permitted: () => 'the check did not show a right (REJECTED)',
};

/** A gap in words, for people. */
export function excuseGapInWords(gap: ExcuseGap, work: WorkKind): string {
  return GAP_WORDS[gap.what](gap, work);
}

/** The excuse in one line, for people ("established since 2026-03-10, until 2027-03-10"). */
export function excuseInWords(excuse: Excuse): string {
  switch (excuse.state) {
    case 'established':
      return excuse.until === null
        ? `established since ${excuse.since}, for the whole ${excuse.work}`
        : `established since ${excuse.since}, until ${excuse.until} (follow-up check due by then)`;
    case 'incomplete':
      return `incomplete: ${excuse.missing.map((gap) => excuseGapInWords(gap, excuse.work)).join('; ')}`;
    case 'lapsed':
      return `lapsed: the follow-up check was due by ${excuse.since}`;
    case 'ended':
      return `ended: the ${excuse.work} ended on ${excuse.ended}; keep the evidence until ${excuse.keep_until}`;
    case 'not_applicable':
      return 'not applicable (an immigration-status check carries no statutory excuse)';
  }
}
