// GENERATED FILE: do not edit. Source: openapi.json. Regenerate with `npm run generate`.
// The test command fails when this file differs from what openapi.json generates.

import type { components } from './openapi.js';

type ErrorCode = components['schemas']['ErrorCode'];

/** Every error code of the contract, in its order. */
export const ERROR_CODES: readonly ErrorCode[] = [
  'INVALID_INPUT',
  'NOT_FOUND',
  'DOB_MISMATCH',
  'BUSY',
  'UPSTREAM_UNEXPECTED',
  'TIMEOUT',
  'INTERNAL',
  'UNAUTHENTICATED',
  'INVALID_KEY',
  'QUOTA_EXCEEDED',
  'PAYMENT_REQUIRED',
  'RATE_LIMITED',
  'CHECK_NOT_FOUND',
];

/** The HTTP status of the response carrying each code, from the contract's error examples. */
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  DOB_MISMATCH: 404,
  BUSY: 503,
  UPSTREAM_UNEXPECTED: 502,
  TIMEOUT: 504,
  INTERNAL: 500,
  UNAUTHENTICATED: 401,
  INVALID_KEY: 401,
  QUOTA_EXCEEDED: 402,
  PAYMENT_REQUIRED: 402,
  RATE_LIMITED: 429,
  CHECK_NOT_FOUND: 404,
};
