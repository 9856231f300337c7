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
export {
  applicantFormInput,
  applicantFormValues,
  type PostedApplicantForm,
} from './applicant-form-input.js';
export { type ApplicantLinkMessage, applicantLinkMessage } from './applicant-link-message.js';
export { APPLICANT_PAGE_HEADERS, renderApplicantPage } from './applicant-page.js';
export {
  type ApplicantPhase,
  EMPTY_FORM_VALUES,
  phaseOfRequest,
  type StoredPhaseFacts,
} from './applicant-phase.js';
export { applicantSummary, askerOf } from './applicant-summary.js';
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
export { cancelDecision, cancelRefusal } from './cancel-refusal.js';
export {
  type ApplicantEmailStatus,
  type CheckRequest,
  type CheckRequestEndedEvent,
  type CheckRequestList,
  type CheckRequestState,
  checkRequestRecord,
  initialApplicantEmailStatus,
} from './check-request-record.js';
export { decodeCursor, encodeCursor, type ListCursor } from './list-cursor.js';
export {
  DEFAULT_LIST_LIMIT,
  type ListParams,
  MAX_LIST_LIMIT,
  readListQuery,
} from './list-query.js';
export { type NewRequestFacts, newCheckRequestState } from './new-request-state.js';
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
export { SESSION_TIMED_OUT, sessionTimedOutPhase } from './session-timed-out.js';
export {
  checkRequestCreateProblems,
  checkRequestFields,
  type ValidateCreateOptions,
  type ValidatedCheckRequest,
  validateApplicantEmail,
  validateCheckRequestCreate,
} from './validate-create.js';
