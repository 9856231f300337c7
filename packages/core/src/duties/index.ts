// The employer's and landlord's duties after a check: follow-up dates and retention periods.
// Dependency-free (dates only): `@sharecode/core/duties`, which @sharecode/register bundles.

export type { CheckKind } from '../check-kind.js';
export { addYearsTo, daysBetween, laterOf } from './calendar.js';
export { type DueStatus, dueStatus } from './due-status.js';
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
