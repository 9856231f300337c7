// The evidence register: the employer's or landlord's own record of checks (Node only).
export {
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
export type { PersonRecord } from './people.js';
export { type PrunedPerson, type PruneReport, pruneRegister } from './prune.js';
export type {
  CheckReceipt,
  DatesReceipt,
  PruneReceipt,
  Receipt,
  ReceiptFile,
  StoredReceipt,
} from './receipt.js';
export { type RegisterErrorReason, ShareCodeRegisterError } from './register-error.js';
export {
  defaultKeyFile,
  type LoadKeyOptions,
  loadRegisterKey,
  newRegisterKey,
  parseRegisterKey,
  type RegisterKey,
  shareCodeHash,
} from './register-key.js';
export { openRegister, type Register, readReceipts } from './register-store.js';
export { type EmploymentDates, setEmploymentDates } from './set-dates.js';
export { type PersonSummary, type RegisterSummary, summariseRegister } from './summary.js';
export {
  type RegisterProblem,
  type RegisterProblemKind,
  type RegisterVerification,
  verifyRegister,
} from './verify-register.js';
