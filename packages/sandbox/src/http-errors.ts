import type { CheckError } from '@sharecode/core';
import { invalidInput } from '@sharecode/core';

// Errors about the HTTP body rather than a check's fields (unknown routes and methods: core's route errors).

export function unsupportedContentType(): CheckError {
  return invalidInput(
    'Content-Type',
    'Content-Type must be application/json: send the body as JSON with the header "Content-Type: application/json".',
  );
}

export function emptyBody(): CheckError {
  return invalidInput('body', 'The request body is empty: send the check as a JSON object.');
}

export function invalidJson(): CheckError {
  return invalidInput('body', 'The request body is not valid JSON: send the check as a JSON object.');
}
