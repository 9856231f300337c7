import { type CheckError, checkError, invalidInput } from '@sharecode/core';
import { databaseUnavailable, isDatabaseUnavailable } from '../database-unavailable.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

const SEND_JSON = 'send the fields as a JSON object with the header Content-Type: application/json';

/**
 * Errors raised by fastify before our handler runs (reading the body, routing) as catalogue errors,
 * and the one known fault a handler can throw: the database out of reach, 503 BUSY with Retry-After
 * (issue 36). Any other 4xx from the framework is bad input; anything else is a server fault.
 */
export function frameworkErrorToCheckError(error: unknown): CheckError {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const code = readString(error, 'code');
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return invalidInput('Content-Type', `The Content-Type header must be application/json: ${SEND_JSON}.`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalidInput(
        'body',
        `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB: a check request is a few hundred bytes; ${SEND_JSON}.`,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidInput('body', `The request body is empty: ${SEND_JSON}.`);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalidInput(
        'Content-Length',
        'The Content-Length header does not match the body sent: fix it or leave it out.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalidInput('body', `The request body is not valid JSON: ${SEND_JSON}.`);
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return invalidInput('path', 'The request path could not be read: check the URL against /openapi.json.');
  }
  const status = readNumber(error, 'statusCode');
  if (error instanceof SyntaxError || (status !== undefined && status >= 400 && status < 500)) {
    // JSON syntax errors and prototype-poisoning refusals land here.
    return invalidInput('body', `The request could not be read as a check request: ${SEND_JSON}.`);
  }
  return checkError('INTERNAL');
}

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
}

function readNumber(value: unknown, key: string): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'number' ? found : undefined;
}
