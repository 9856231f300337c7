// The evidence register: the employer's or landlord's own record of checks (Node only).

// The duty rules the register applies (core's, bundled): the types its results name, and the rules.
export type {
  CheckKind,
  DueStatus,
  DutyResult,
  Excuse,
  ExcuseCaution,
  ExcuseCheck,
  ExcuseGap,
  ExcuseInput,
  ExcuseState,
  FollowUp,
  FollowUpBasis,
  LikenessHow,
  LikenessRecord,
  NoFollowUpReason,
  WorkKind,
} from '@sharecode/core/duties';
export {
  excuseFor,
  excuseGapInWords,
  excuseInWords,
  followUpFor,
  LIKENESS_HOWS,
  RETENTION_YEARS_AFTER_END,
  RIGHT_TO_RENT_CHECK_WINDOW_DAYS,
  retentionEnd,
  WORK_KINDS,
  workOf,
} from '@sharecode/core/duties';
export { confirmLikeness, type LikenessConfirmation } from './confirm-likeness.js';
export { excuseOfPerson, likenessFor } from './excuse.js';
export {
  assertModeAccepted,
  type FileCheckOptions,
  type FiledCheck,
  fileCheck,
  type RegisterableResult,
  referenceFolder,
} from './file-check.js';
export { findPerson, type PersonQuery } from './find-person.js';
export {
  DEFAULT_FOLLOW_UP_WINDOW_DAYS,
  type FollowUpItem,
  type FollowUpList,
  type FollowUpOptions,
  listFollowUps,
} from './follow-ups.js';
export { type InitialisedRegister, type InitRegisterOptions, initRegister } from './init-register.js';
export {
  defaultKeyFile,
  type LoadedKey,
  type LoadKeyOptions,
  loadRegisterKey,
} from './load-register-key.js';
export { matchPerson, type PersonMatch, type PersonMatchBasis } from './match-person.js';
export { defaultStateDir, type OpenRegisterOptions, openRegister, type Register } from './open-register.js';
export type { PersonFollowUp, PersonRecord } from './people.js';
export { type PersonView, viewPerson } from './person-view.js';
export { type PrunedPerson, type PruneOptions, type PruneReport, pruneRegister } from './prune.js';
export type {
  CheckMode,
  CheckReceipt,
  DatesReceipt,
  LikenessReceipt,
  PruneReceipt,
  Receipt,
  ReceiptFile,
  StoredReceipt,
} from './receipt.js';
export { type RegisterErrorReason, ShareCodeRegisterError } from './register-error.js';
export { REGISTER_FILE, type RegisterInfo, registerKeyId } from './register-info.js';
export {
  identityHash,
  newRegisterKey,
  parseRegisterKey,
  type RegisterKey,
  shareCodeHash,
} from './register-key.js';
export { type ResolvedPath, resolveInRegister } from './register-path.js';
export { type RegisterReading, readReceipts, readRegister } from './register-store.js';
export { type EmploymentDates, setEmploymentDates } from './set-dates.js';
export { type PersonSummary, personSummary, type RegisterSummary, summariseRegister } from './summary.js';
export {
  type HeadsSeen,
  type RegisterProblem,
  type RegisterProblemKind,
  type RegisterVerification,
  verifyRegister,
} from './verify-register.js';
export { receiptPath, type VouchedReceipts, vouchedReceipts } from './vouched.js';
export { assertChainWritable } from './write-guard.js';
