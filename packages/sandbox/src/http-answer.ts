import type { CheckError } from '@sharecode/core';
import { errorBody } from '@sharecode/core';

/** Headers every answer carries besides Content-Type. */
export interface AnswerHeaders {
  'X-Request-Id': string;
  Location?: string;
  Allow?: string;
}

/** A JSON answer. Sandbox (test key) answers never carry rate-limit headers, as on the real service. */
export function jsonAnswer(status: number, body: unknown, headers: AnswerHeaders): Response {
  const all: Record<string, string> = { 'Content-Type': 'application/json' };
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') all[name] = value;
  return new Response(JSON.stringify(body), { status, headers: all });
}

/** The error body of spec 2.6 with the code's status, and `Retry-After` when the error carries one. */
export function errorAnswer(error: CheckError, headers: AnswerHeaders): Response {
  const response = jsonAnswer(error.status, errorBody(error), headers);
  if (error.retryAfter !== undefined) response.headers.set('Retry-After', String(error.retryAfter));
  return response;
}
