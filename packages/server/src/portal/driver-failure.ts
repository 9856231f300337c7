import { type CheckError, checkError } from '@sharecode/core';
import { NO_DRIVER_RETRY_AFTER_SECONDS } from '../checks/live-check-runner.js';
import type { LookupFailure } from './classify-page.js';
import type { Diagnostic } from './diagnostic.js';
import type { PageFingerprint } from './page-fingerprint.js';

/**
 * How a check failed, as data. `terminal`: the portal answered and retrying will not change it
 * (not found, mismatch). `retryable`: the portal or our browser failed this time (timeout, error
 * page, crash). `unrecognised`: a page the driver does not know, with a diagnostic for operators.
 */
export type DriverFailure =
  | {
      readonly kind: 'terminal';
      readonly error: CheckError;
      /** Set when the answer was read from the page's structure alone (wording never seen): its shape. */
      readonly fingerprint?: PageFingerprint;
    }
  | { readonly kind: 'retryable'; readonly error: CheckError; readonly diagnostic: Diagnostic | null }
  | {
      readonly kind: 'unrecognised';
      readonly error: CheckError;
      readonly diagnostic: Diagnostic;
      /** The page's redacted structure; null when no page had been read. */
      readonly fingerprint: PageFingerprint | null;
    };

/**
 * The portal's lookup answers. Expired, locked and another service's code have no code of their own
 * in spec 7: they are NOT_FOUND (the portal does not accept the code), with a message that says what
 * the portal said. Messages never quote the code, date of birth or name.
 */
export function lookupFailureError(failure: LookupFailure): CheckError {
  switch (failure) {
    case 'NOT_FOUND':
      return checkError(
        'NOT_FOUND',
        'The portal did not find this share code ("Share code not found"). Ask the applicant to check the code, or to generate a new one (codes last 90 days), then try again.',
      );
    case 'DOB_MISMATCH':
      return checkError('DOB_MISMATCH');
    case 'DETAILS_MISMATCH':
      // NOT_FOUND, not DOB_MISMATCH: the page does not say the code was found (decisions.md).
      return checkError(
        'NOT_FOUND',
        'The portal says the details do not match its records. It shows this same page for a share code it does not know and for a wrong date of birth, so either may be wrong: ask the applicant to re-check both the share code and the date of birth (codes last 90 days), then try again.',
      );
    case 'WRONG_SERVICE':
      return checkError(
        'NOT_FOUND',
        'The portal says this share code is not valid for this service: it was made for a different kind of check. Ask the applicant for a share code made for this kind of check.',
      );
    case 'EXPIRED':
      return checkError(
        'NOT_FOUND',
        'The portal says this share code has expired (share codes last 90 days). Ask the applicant for a new share code.',
      );
    case 'LOCKED':
      return checkError(
        'NOT_FOUND',
        'The portal has locked this share code after too many attempts with details that did not match. Ask the applicant for a new share code, or try again later.',
      );
  }
}

/**
 * An error summary on the date-of-birth step after a well-formed date was sent, in words the driver
 * has never seen: by the page's structure the portal refused the code or the date (its wording is
 * never quoted: it may hold what was typed).
 */
export const unwordedLookupFailure = (): CheckError =>
  checkError(
    'NOT_FOUND',
    'The portal refused the share code and date of birth, in words this service has not seen before. Either may be wrong: ask the applicant to re-check both the share code and the date of birth (codes last 90 days), then try again.',
  );

export const PORTAL_ERRORS = {
  /** "Sorry, there is a problem with the service", HTTP 200, 403 or 500. */
  problemPage: () =>
    checkError(
      'UPSTREAM_UNEXPECTED',
      'The government portal showed its error page ("Sorry, there is a problem with the service"). Retry later.',
    ),
  /** HTTP 503 "Sorry, the service is unavailable": the portal is down for now. */
  unavailable: () =>
    checkError(
      'TIMEOUT',
      'The government portal is unavailable at the moment ("Sorry, the service is unavailable"). It is safe to retry later.',
    ),
  /** The portal (or its sign-in host) ended the session again after one retry in a fresh session. */
  sessionEnded: () =>
    checkError(
      'UPSTREAM_UNEXPECTED',
      'The government portal ended its session twice (an expired page, a missing cookie or a sign-out), once more after a retry in a fresh session. Retry later.',
    ),
  timeout: () => checkError('TIMEOUT'),
  unreachable: () =>
    checkError('TIMEOUT', 'The government portal could not be reached. It is safe to retry.'),
  unrecognised: () => checkError('UPSTREAM_UNEXPECTED'),
  browserStopped: () =>
    checkError('INTERNAL', 'The browser running the check stopped before it finished. Retry the check.'),
  // Nothing reached the portal: the service is not able to take the check now, a 503 the client can
  // act on (issue 36), not a fault of the check.
  browserUnavailable: () =>
    checkError(
      'BUSY',
      'No browser could be started to run the check: nothing was sent to the portal or charged. Retry after the number of seconds in Retry-After; if it keeps failing, contact support quoting the X-Request-Id header.',
      { retryAfter: NO_DRIVER_RETRY_AFTER_SECONDS },
    ),
  driverFailed: () => checkError('INTERNAL'),
  /** Refused at admission (issue 34): the words say why, so an operator knows which setting is the limit. */
  refused: (why: 'full' | 'limit' | 'overloaded', retryAfter: number) =>
    checkError('BUSY', REFUSAL_MESSAGES[why], { retryAfter }),
} as const;

const RETRY = 'Nothing was run or charged. Retry after the number of seconds in the Retry-After header.';
const REFUSAL_MESSAGES = {
  full: `All check slots are in use. ${RETRY}`,
  limit: `This instance is running as many live checks as it can without slowing them down. ${RETRY}`,
  overloaded: `This instance is overloaded (its event loop is late or its memory is low). ${RETRY}`,
} as const;
