import type { components } from '@sharecode/contract';
import type { CheckKind } from '../check-kind.js';
import { randomToken } from '../util/ids.js';

export type CheckRequestStatus = components['schemas']['CheckRequestStatus'];

/** The third failed attempt (code not found, date of birth not matching, code of another kind) locks the link. */
export const MAX_FAILED_ATTEMPTS = 3;
export const DEFAULT_EXPIRES_IN_DAYS = 14;
/** A share code lasts 90 days, so a link that outlives it would ask for a code that no longer exists. */
export const MAX_EXPIRES_IN_DAYS = 90;
/** Characters of [A-Za-z0-9] in an applicant's link token: 32 of 62 symbols, about 190 bits. */
export const APPLICANT_TOKEN_LENGTH = 32;
/** The applicant's page lives at `${origin}${APPLICANT_PATH_PREFIX}${token}`. */
export const APPLICANT_PATH_PREFIX = '/r/';

const DAY_MS = 86_400_000;
const REQUEST_ID = /^creq_[A-Za-z0-9]{32}$/;
const TOKEN = new RegExp(`^[A-Za-z0-9]{${APPLICANT_TOKEN_LENGTH}}$`);

export function newCheckRequestId(): string {
  return `creq_${randomToken(32)}`;
}

export function isCheckRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value);
}

/** A new applicant token; only its hash is ever stored. */
export function newApplicantToken(): string {
  return randomToken(APPLICANT_TOKEN_LENGTH);
}

/** True when `value` has the shape of a token (anything else is answered 404 without a lookup). */
export function isApplicantToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** The applicant's link for `token` under the service's public origin (no trailing slash). */
export function applicantUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${APPLICANT_PATH_PREFIX}${token}`;
}

export function requestExpiresAt(createdAt: Date, days: number): Date {
  return new Date(createdAt.getTime() + days * DAY_MS);
}

/** Statuses after which nothing changes. */
export function isFinalRequestStatus(status: CheckRequestStatus): boolean {
  return status !== 'waiting';
}

/**
 * The status as of `now`: a waiting request past its expiry is expired even before the sweep that
 * records it (and sends its event) has run.
 */
export function statusAt(
  stored: { status: CheckRequestStatus; expires_at: Date; check_pending: boolean },
  now: Date,
): CheckRequestStatus {
  // A check the applicant started before the expiry still decides the request.
  if (stored.check_pending) return stored.status;
  if (stored.status === 'waiting' && now.getTime() >= stored.expires_at.getTime()) return 'expired';
  return stored.status;
}

export type { CheckKind };
