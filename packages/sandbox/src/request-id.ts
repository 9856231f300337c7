import { randomToken } from '@sharecode/core';

/** `X-Request-Id` of one answer: `req_` and 24 letters and digits. */
export function newRequestId(): string {
  return `req_${randomToken(24)}`;
}
