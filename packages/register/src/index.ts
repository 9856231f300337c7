// The evidence register: the employer's or landlord's own record of checks (Node only).

// The duty rules the register applies (core's, bundled): the types its results name, and the rules.
export type {
  CheckKind,
  DueStatus,
  DutyResult,
  FollowUp,
  FollowUpBasis,
  NoFollowUpReason,
} from '@sharecode/core/duties';
export { followUpFor, RETENTION_YEARS_AFTER_END, retentionEnd } from '@sharecode/core/duties';
export {
  assertModeAccepted,
  type FileCheckOptions,
  type FiledCheck,
  fileCheck,
  type RegisterableResult,
  referenceFolder,
} from './file-check.js';
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
export { defaultStateDir, type OpenRegisterOptions, openRegister, type Register } from './open-register.js';
export type { PersonFollowUp, PersonRecord } from './people.js';
export { type PrunedPerson, type PruneOptions, type PruneReport, pruneRegister } from './prune.js';
export type {
  CheckMode,
  CheckReceipt,
  DatesReceipt,
  PruneReceipt,
  Receipt,
  ReceiptFile,
  StoredReceipt,
} from './receipt.js';
export { type RegisterErrorReason, ShareCodeRegisterError } from './register-error.js';
export { REGISTER_FILE, type RegisterInfo, registerKeyId } from './register-info.js';
export {
  newRegisterKey,
  parseRegisterKey,
  type RegisterKey,
  shareCodeHash,
} from './register-key.js';
export { type ResolvedPath, resolveInRegister } from './register-path.js';
export { type RegisterReading, readReceipts, readRegister } from './register-store.js';
export { type EmploymentDates, setEmploymentDates } from './set-dates.js';
export { type PersonSummary, type RegisterSummary, summariseRegister } from './summary.js';
export {
  type HeadsSeen,
  type RegisterProblem,
  type RegisterProblemKind,
  type RegisterVerification,
  verifyRegister,
} from './verify-register.js';
