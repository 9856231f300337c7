import { expect } from 'vitest';
import { contractProblems } from './openapi-validator.js';

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  readonly body: unknown;
}

export interface ErrorBodyShape {
  error: { code: string; message: string; upgrade_url?: string };
}

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <key>`. */
  readonly key?: string;
  /** The whole Authorization header, as is. */
  readonly authorization?: string;
  /** Serialised as JSON with Content-Type application/json unless `contentType` says otherwise. */
  readonly json?: unknown;
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

/**
 * fetch against the server under test; every response is checked against openapi.json (body schema
 * for path + method + status, declared headers) before the test sees it.
 */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.rawBody !== undefined) {
    body = options.rawBody;
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  } else if (options.contentType !== undefined) {
    headers['content-type'] = options.contentType;
  }
  const url = new URL(`${baseUrl}${path}`);
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  // The path as sent: the URL parser (fetch's) resolves dot segments, so `/api/check/async/..` is
  // a request for `/api/check/`, and is held to that path's operations.
  const problems = contractProblems(url.pathname, method, response.status, response.headers, parsed);
  expect(problems, `${method} ${path} -> ${response.status} ${text.slice(0, 300)}`).toEqual([]);
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export function errorOf(response: ApiResponse): ErrorBodyShape['error'] {
  return (response.body as ErrorBodyShape).error;
}

/** The minimal valid body of each endpoint for a sandbox share code suffix such as ACPT0001. */
export function validBody(
  path: string,
  suffix = 'ACPT0001',
  dateOfBirth = '1990-01-01',
): Record<string, unknown> {
  if (path === '/api/check/right-to-rent') {
    return {
      share_code: `R${suffix}`,
      date_of_birth: dateOfBirth,
      checker_name: 'Test Lettings',
      checker_type: 'agent',
    };
  }
  if (path === '/api/check/immigration-status') {
    return {
      share_code: `S${suffix}`,
      date_of_birth: dateOfBirth,
      company_name: 'Test Bank, Leeds branch',
      job_title: 'Account manager',
      purpose: 'personal_finance',
    };
  }
  return { share_code: `W${suffix}`, date_of_birth: dateOfBirth, company_name: 'Test Ltd' };
}

export const CHECK_PATHS = [
  '/api/check',
  '/api/check/right-to-work',
  '/api/check/right-to-rent',
  '/api/check/immigration-status',
] as const;
