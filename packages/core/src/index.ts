// The main entry: the domain every dependant shares (check kinds, contract names, endpoints, errors,
// outcomes, check records, retry policy, ids). Narrower needs have entries of their own
// (`./validation`, `./sandbox`, `./util`: see entries.mjs); everything else stays internal.
export type { CheckEndpoint } from './check-endpoints.js';
export { CHECK_ENDPOINTS, CHECK_ID_PARAM, RIGHT_TO_WORK_ALIAS_PATH } from './check-endpoints.js';
export type { CheckKind, KindInfo, ShareCodeLetter } from './check-kind.js';
export { CHECK_KINDS, isCheckKind, kindInfo } from './check-kind.js';
export type { QueuedRecordFields } from './check-record.js';
export {
  expiredRecord,
  finishedRecord,
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
export type { CheckError, CheckErrorExtra } from './errors/check-error.js';
export { checkError, errorBody, invalidInput } from './errors/check-error.js';
export type { CatalogueEntry } from './errors/error-catalogue.js';
export { ERROR_CATALOGUE, ERROR_CODES, httpStatusOf, isErrorCode } from './errors/error-catalogue.js';
export { methodNotAllowed, unknownRoute } from './errors/route-errors.js';
export { requestFingerprint } from './fingerprint.js';
export type { Outcome } from './outcome.js';
export { fail, ok } from './outcome.js';
export { PURPOSE_LABELS, purposeWording } from './purpose-wording.js';
export type { RetryDecision } from './retry-policy.js';
export {
  retryDecision,
  retryDelaySeconds,
  SANDBOX_RETRY_SCHEDULE,
  SERVICE_RETRY_SCHEDULE,
} from './retry-policy.js';
export { isCheckId, newCheckId, newEventId, randomToken } from './util/ids.js';
