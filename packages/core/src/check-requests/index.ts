// `@sharecode/core/check-requests`: the rules of a check request (a link the applicant fills in),
// shared by the service and the sandbox so both answer alike.

export {
  type ApplicantDetails,
  type ApplicantField,
  type ApplicantFieldError,
  type ApplicantFormInput,
  type ApplicantFormProblem,
  readApplicantForm,
  wrongKindMessage,
} from './applicant-form.js';
export { type ApplicantLinkMessage, applicantLinkMessage } from './applicant-link-message.js';
export { APPLICANT_PAGE_HEADERS, renderApplicantPage } from './applicant-page.js';
export type {
  ApplicantFormValues,
  ApplicantRequestSummary,
  ApplicantView,
  RenderedApplicantPage,
} from './applicant-view.js';
export {
  type AttemptVerdict,
  afterFailedAttempt,
  applicantErrorFor,
  attemptsLeft,
  isApplicantFixable,
  verdictOfCheck,
} from './attempts.js';
export {
  type CheckRequest,
  type CheckRequestEndedEvent,
  type CheckRequestList,
  type CheckRequestState,
  checkRequestRecord,
} from './check-request-record.js';
export {
  APPLICANT_PATH_PREFIX,
  APPLICANT_TOKEN_LENGTH,
  applicantUrl,
  type CheckRequestStatus,
  DEFAULT_EXPIRES_IN_DAYS,
  isApplicantToken,
  isCheckRequestId,
  isFinalRequestStatus,
  MAX_EXPIRES_IN_DAYS,
  MAX_FAILED_ATTEMPTS,
  newApplicantToken,
  newCheckRequestId,
  requestExpiresAt,
  statusAt,
} from './request-rules.js';
export {
  checkRequestCreateProblems,
  checkRequestFields,
  type ValidateCreateOptions,
  type ValidatedCheckRequest,
  validateApplicantEmail,
  validateCheckRequestCreate,
} from './validate-create.js';
