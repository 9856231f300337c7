// GENERATED FILE: do not edit. Source: openapi.json. Regenerate with `npm run generate`.
// The test command fails when this file differs from what openapi.json generates.

import type { components } from './openapi.js';

type Schemas = components['schemas'];

/** Every error code of the contract, in its order. */
export const ERROR_CODES = [
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
  'CHECK_REQUEST_NOT_FOUND',
  'CHECK_REQUEST_CLOSED',
  'CHECK_REQUEST_CHECKING',
] as const satisfies readonly Schemas['ErrorCode'][];

/** The HTTP status of the response carrying each code, from the contract's error examples. */
export const STATUS_BY_CODE: Readonly<Record<Schemas['ErrorCode'], number>> = {
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
  CHECK_REQUEST_NOT_FOUND: 404,
  CHECK_REQUEST_CLOSED: 409,
  CHECK_REQUEST_CHECKING: 409,
};

/** Why an immigration status is checked, in the contract's order. */
export const PURPOSES = [
  'driving_licence',
  'student_loan',
  'education_or_training',
  'health_insurance_card',
  'personal_finance',
  'homelessness_or_council_housing',
  'travel',
  'other',
] as const satisfies readonly Schemas['Purpose'][];

/** Who makes a right-to-rent check. */
export const CHECKER_TYPES = [
  'landlord',
  'agent',
] as const satisfies readonly Schemas['CheckerType'][];
