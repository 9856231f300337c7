export type { CheckEndpoint } from './check-endpoints.js';
export {
  CHECK_ENDPOINTS,
  CHECK_ID_PARAM,
  checkEndpoints,
  RIGHT_TO_WORK_ALIAS_PATH,
} from './check-endpoints.js';
export type { CheckKind, KindInfo, ShareCodeLetter } from './check-kind.js';
export { CHECK_KINDS, isCheckKind, kindInfo, kindOfShareCodeLetter } from './check-kind.js';
export type { QueuedRecordFields } from './check-record.js';
export {
  expiredRecord,
  finishedRecord,
  queuedRecord,
  RESULT_RETENTION_DAYS,
  resultExpiresAt,
  runningRecord,
  STATUS_RETENTION_DAYS,
  statusExpiresAt,
} from './check-record.js';
export type {
  CheckerType,
  CheckRecord,
  CheckResult,
  ErrorBody,
  ErrorCode,
  ImmigrationStatusRequest,
  ImmigrationStatusResult,
  Mode,
  Purpose,
  RightToRentRequest,
  RightToRentResult,
  RightToWorkRequest,
  RightToWorkResult,
} from './contract.js';
export type { DueStatus, DutyResult, FollowUp, FollowUpBasis, NoFollowUpReason } from './duties/index.js';
export {
  checkDateOf,
  dueStatus,
  followUpFor,
  isPastRetention,
  kindOfResult,
  RETENTION_YEARS_AFTER_END,
  retentionEnd,
} from './duties/index.js';
export type { CheckError, CheckErrorExtra } from './errors/check-error.js';
export { checkError, errorBody, invalidInput } from './errors/check-error.js';
export type { CatalogueEntry } from './errors/error-catalogue.js';
export { ERROR_CATALOGUE, ERROR_CODES, httpStatusOf, isErrorCode } from './errors/error-catalogue.js';
export { methodNotAllowed, unknownRoute } from './errors/route-errors.js';
export { canonicalJson, requestFingerprint } from './fingerprint.js';
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
export type { PortraitPalette, SandboxPerson } from './sandbox/people.js';
export { SANDBOX_PEOPLE, sandboxReference } from './sandbox/people.js';
export type { SandboxContext } from './sandbox/run-sandbox-check.js';
export { runSandboxCheck, SANDBOX_BUSY_RETRY_AFTER_SECONDS } from './sandbox/run-sandbox-check.js';
export type { SandboxScenario, ScenarioAnswer } from './sandbox/scenarios.js';
export {
  findSandboxScenario,
  SANDBOX_DATE_OF_BIRTH,
  SANDBOX_SCENARIOS,
  sandboxShareCode,
  scenarioAnswer,
} from './sandbox/scenarios.js';
export { SANDBOX_TEST_CHECK_ID, SANDBOX_TEST_COMPANY, sandboxTestEventRecord } from './sandbox/test-event.js';
export type { MeasuringFont } from './shared-helpers.js';
export {
  addCalendarDays,
  addCalendarMonths,
  compareCalendarDates,
  encodableText,
  escapeHtml,
  formatCalendarDate,
  formatGovukDate,
  isRealDate,
  parseCookies,
  ukToday,
  wrapText,
} from './shared-helpers.js';
export { base64Encode, dataUrl } from './util/base64.js';
export type { CalendarDate } from './util/dates.js';
export {
  addDays,
  addYears,
  ageOn,
  formatDate,
  formatLongDate,
  MONTH_NAMES,
  parseIsoDate,
  parseLongDate,
  startOfUtcDay,
} from './util/dates.js';
export { isCheckId, newCheckId, newEventId, randomToken } from './util/ids.js';
export type { RgbaImage } from './util/jpeg-encoder.js';
export { encodeJpeg } from './util/jpeg-encoder.js';
export { sha256, sha256Hex } from './util/sha256.js';
export {
  CALLBACK_URL_MAX_LENGTH,
  isInternalHostName,
  validateCallbackUrl,
} from './validation/callback-url.js';
export type { AsyncFields, ValidatedRequest, ValidateOptions } from './validation/check-request.js';
export { validateCheckRequest } from './validation/check-request.js';
export type { CloudAddress } from './validation/cloud-metadata.js';
export { CLOUD_METADATA_ADDRESSES } from './validation/cloud-metadata.js';
export { EARLIEST_BIRTH_YEAR, MINIMUM_AGE, validateDateOfBirth } from './validation/date-of-birth.js';
export {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyKeyReused,
  validateIdempotencyKey,
} from './validation/idempotency-key.js';
export type { IpAddress } from './validation/ip-address.js';
export {
  formatIpAddress,
  isPrivateAddressLiteral,
  isPrivateIpAddress,
  parseIPv4,
  parseIPv6,
  parseIpAddress,
} from './validation/ip-address.js';
export { acceptedFields, CHECKER_TYPES, PURPOSES } from './validation/request-fields.js';
export { normaliseShareCode, SHARE_CODE_LENGTH, validateShareCodeFor } from './validation/share-code.js';
export { characterCount, TEXT_FIELD_MAX_LENGTH } from './validation/text-field.js';
