import type { CheckKind } from '../check-kind.js';

/**
 * What the check is for: an `employment` (an employee), an `engagement` (a worker contract, an
 * individual contractor, a worker on an online matching platform) or a `tenancy`.
 *
 * Border Security, Asylum and Immigration Act 2025, section 48 (in force 1 October 2026, with the
 * Home Office's codes of practice updated on 30 June 2026): the duty to check the right to work, and
 * the civil penalty it excuses, reach workers engaged other than under a contract of employment. The
 * updated "Code of practice on preventing illegal working" applies the same checks, the same
 * follow-up before time-limited permission ends, and the same retention (the engagement and two
 * years after it) as for employees (research/employer-duties.md).
 */
export type WorkKind = 'employment' | 'engagement' | 'tenancy';

export const WORK_KINDS: readonly WorkKind[] = ['employment', 'engagement', 'tenancy'];

/** The kinds of work each kind of check is for; the first is assumed when none is recorded. */
export const WORK_KINDS_OF_CHECK: Readonly<Record<CheckKind, readonly WorkKind[]>> = {
  right_to_work: ['employment', 'engagement'],
  right_to_rent: ['tenancy'],
  // An immigration-status check serves another purpose (a loan, a licence): no statutory excuse.
  immigration_status: [],
};

/** The work a check of `kind` is for: the recorded one, else the kind's usual one (null: none). */
export function workOf(kind: CheckKind, recorded: WorkKind | null | undefined): WorkKind | null {
  if (recorded) return recorded;
  return WORK_KINDS_OF_CHECK[kind][0] ?? null;
}

/** Whether `work` fits a check of `kind` (an employment's dates on a right-to-rent check do not). */
export function workFitsCheck(kind: CheckKind, work: WorkKind): boolean {
  return WORK_KINDS_OF_CHECK[kind].includes(work);
}

/** How the work is named in sentences. */
export const WORK_WORDS: Readonly<Record<WorkKind, string>> = {
  employment: 'employment',
  engagement: 'engagement',
  tenancy: 'tenancy',
};
