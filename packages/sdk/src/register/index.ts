// The evidence register: the employer's or landlord's own record of checks (Node only).
export type { FileCheckOptions, FiledCheck, RegisterableResult } from './file-check.js';
export { fileCheck, referenceFolder } from './file-check.js';
export type { FollowUpItem, FollowUpList, FollowUpOptions } from './follow-ups.js';
export { DEFAULT_FOLLOW_UP_WINDOW_DAYS, listFollowUps } from './follow-ups.js';
export type { PersonRecord } from './people.js';
export type { PrunedPerson, PruneReport } from './prune.js';
export { pruneRegister } from './prune.js';
export type {
  CheckReceipt,
  DatesReceipt,
  PruneReceipt,
  Receipt,
  ReceiptFile,
  StoredReceipt,
} from './receipt.js';
export type { RegisterErrorReason } from './register-error.js';
export { ShareCodeRegisterError } from './register-error.js';
export type { LoadKeyOptions, RegisterKey } from './register-key.js';
export {
  defaultKeyFile,
  loadRegisterKey,
  newRegisterKey,
  parseRegisterKey,
  shareCodeHash,
} from './register-key.js';
export type { Register } from './register-store.js';
export { openRegister, readReceipts } from './register-store.js';
export type { EmploymentDates } from './set-dates.js';
export { setEmploymentDates } from './set-dates.js';
export type { PersonSummary, RegisterSummary } from './summary.js';
export { summariseRegister } from './summary.js';
export type { RegisterProblem, RegisterProblemKind, RegisterVerification } from './verify-register.js';
export { verifyRegister } from './verify-register.js';
