// The employer's and landlord's duties after a check: follow-up dates, retention periods and the
// statutory excuse a record gives.
// Dependency-free (dates only): `@sharecode/core/duties`, which @sharecode/register bundles.

export type { CheckKind } from '../check-kind.js';
export { addYearsTo, daysBetween, laterOf } from './calendar.js';
export { type DueStatus, dueStatus } from './due-status.js';
export {
  type Excuse,
  type ExcuseCaution,
  type ExcuseCheck,
  type ExcuseGap,
  type ExcuseInput,
  type ExcuseState,
  excuseFor,
  excuseGapInWords,
  excuseInWords,
  LIKENESS_HOWS,
  type LikenessHow,
  type LikenessRecord,
  RIGHT_TO_RENT_CHECK_WINDOW_DAYS,
} from './excuse.js';
export {
  checkDateOf,
  type DutyResult,
  type FollowUp,
  type FollowUpBasis,
  followUpFor,
  kindOfResult,
  type NoFollowUpReason,
} from './follow-up.js';
export { isPastRetention, RETENTION_YEARS_AFTER_END, retentionEnd } from './retention.js';
export {
  WORK_KINDS,
  WORK_KINDS_OF_CHECK,
  WORK_WORDS,
  type WorkKind,
  workFitsCheck,
  workOf,
} from './work.js';
