// The main entry: the domain every dependant shares (check kinds, contract names, endpoints, errors,
// outcomes, check records, retry policy, ids). Narrower needs have entries of their own
// (`./validation`, `./sandbox`, `./util`: see entries.mjs); everything else stays internal.

export {
  CHECK_ENDPOINTS,
  CHECK_ID_PARAM,
  type CheckEndpoint,
  RIGHT_TO_WORK_ALIAS_PATH,
} from './check-endpoints.js';
export {
  CHECK_KINDS,
  type CheckKind,
  isCheckKind,
  type KindInfo,
  kindInfo,
  type ShareCodeLetter,
} from './check-kind.js';
export {
  expiredRecord,
  finishedRecord,
  type QueuedRecordFields,
  queuedRecord,
  resultExpiresAt,
  runningRecord,
  statusExpiresAt,
} from './check-record.js';
export type {
  CheckRecord,
  CheckResult,
  ErrorBody,
  ErrorCode,
  ImmigrationStatusRequest,
  ImmigrationStatusResult,
  Purpose,
  RightToRentRequest,
  RightToRentResult,
  RightToWorkRequest,
  RightToWorkResult,
} from './contract.js';
export {
  type CheckError,
  type CheckErrorExtra,
  checkError,
  errorBody,
  invalidInput,
} from './errors/check-error.js';
export {
  type CatalogueEntry,
  ERROR_CATALOGUE,
  ERROR_CODES,
  httpStatusOf,
  isErrorCode,
} from './errors/error-catalogue.js';
export { methodNotAllowed, unknownRoute } from './errors/route-errors.js';
export { requestFingerprint } from './fingerprint.js';
export { fail, type Outcome, ok } from './outcome.js';
export { PURPOSE_LABELS, purposeWording } from './purpose-wording.js';
export {
  type RetryDecision,
  retryDecision,
  retryDelaySeconds,
  SANDBOX_RETRY_SCHEDULE,
  SERVICE_RETRY_SCHEDULE,
} from './retry-policy.js';
export { isCheckId, newCheckId, newEventId, randomToken } from './util/ids.js';
export {
  nextAttemptDelayMs,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SECONDS,
} from './webhook-retry-schedule.js';
