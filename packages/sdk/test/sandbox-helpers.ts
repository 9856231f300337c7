// Shared plumbing of the SDK's end-to-end tests against the MSW sandbox: the sandbox key, a valid
// request of each kind, and the SDK's sync and async calls picked by kind.
import type { CheckKind } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import type {
  CheckResult,
  CreateCheckOptions,
  CreatedCheck,
  ImmigrationStatusRequest,
  RequestOptions,
  RightToRentRequest,
  RightToWorkRequest,
  ShareCodeClient,
} from '../src/index.js';

/** The sandbox and the SDK share this default address, so clients need no baseUrl. */
export const BASE = 'http://127.0.0.1:8080';
export const API_KEY = 'rtw_test_sdke2e0000000000000000000000000000000000';

/** The contract's HTTP status of each error code (spec section 7), written out independently of the SDK. */
export const STATUS_OF: Readonly<Record<string, number>> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  INVALID_KEY: 401,
  QUOTA_EXCEEDED: 402,
  PAYMENT_REQUIRED: 402,
  NOT_FOUND: 404,
  DOB_MISMATCH: 404,
  CHECK_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNEXPECTED: 502,
  BUSY: 503,
  TIMEOUT: 504,
};

export const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;

/** Fields only the asynchronous creates take. */
export interface AsyncExtras {
  callback_url?: string;
  client_reference?: string;
}

const COMPANY = 'Acme Staffing Ltd';

function rightToWork(shareCode: string, dateOfBirth: string): RightToWorkRequest {
  return { share_code: shareCode, date_of_birth: dateOfBirth, company_name: COMPANY };
}

function rightToRent(shareCode: string, dateOfBirth: string): RightToRentRequest {
  return {
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    checker_name: 'Acme Lettings',
    checker_type: 'agent',
  };
}

function immigrationStatus(shareCode: string, dateOfBirth: string): ImmigrationStatusRequest {
  return {
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    company_name: 'Acme Bank, Leeds branch',
    job_title: 'Compliance officer',
    purpose: 'personal_finance',
  };
}

/** A valid request of `kind` for a share code (the sandbox date of birth unless given). */
export function requestBody(
  kind: CheckKind,
  shareCode: string,
  dateOfBirth: string = SANDBOX_DATE_OF_BIRTH,
): RightToWorkRequest | RightToRentRequest | ImmigrationStatusRequest {
  switch (kind) {
    case 'right_to_work':
      return rightToWork(shareCode, dateOfBirth);
    case 'right_to_rent':
      return rightToRent(shareCode, dateOfBirth);
    case 'immigration_status':
      return immigrationStatus(shareCode, dateOfBirth);
  }
}

/** The synchronous check of `kind` through the SDK's typed method for it. */
export function syncCheck(
  client: ShareCodeClient,
  kind: CheckKind,
  shareCode: string,
  options?: RequestOptions,
  dateOfBirth: string = SANDBOX_DATE_OF_BIRTH,
): Promise<CheckResult> {
  switch (kind) {
    case 'right_to_work':
      return client.checkRightToWork(rightToWork(shareCode, dateOfBirth), options);
    case 'right_to_rent':
      return client.checkRightToRent(rightToRent(shareCode, dateOfBirth), options);
    case 'immigration_status':
      return client.checkImmigrationStatus(immigrationStatus(shareCode, dateOfBirth), options);
  }
}

/** The asynchronous create of `kind` through the SDK's typed method for it. */
export function createCheck(
  client: ShareCodeClient,
  kind: CheckKind,
  shareCode: string,
  extras: AsyncExtras = {},
  options?: CreateCheckOptions,
  dateOfBirth: string = SANDBOX_DATE_OF_BIRTH,
): Promise<CreatedCheck> {
  switch (kind) {
    case 'right_to_work':
      return client.createRightToWorkCheck({ ...rightToWork(shareCode, dateOfBirth), ...extras }, options);
    case 'right_to_rent':
      return client.createRightToRentCheck({ ...rightToRent(shareCode, dateOfBirth), ...extras }, options);
    case 'immigration_status':
      return client.createImmigrationStatusCheck(
        { ...immigrationStatus(shareCode, dateOfBirth), ...extras },
        options,
      );
  }
}

/** The rejection of a promise (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
}

/** One request as an override saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: string;
  headers: Headers;
  /** Date.now() when it arrived (the fake clock under fake timers). */
  at: number;
}

/**
 * Puts a handler in front of the sandbox for `method` and `path` (MSW syntax: `*`, `:id`) that
 * records every request, then answers with `answer(n)` for the n-th call (1-based), or lets the
 * sandbox answer when that returns undefined.
 */
export function intercept(
  server: SetupServer,
  method: 'GET' | 'POST' | 'ALL',
  path: string,
  answer: (call: number, request: Request) => Response | undefined | Promise<Response | undefined> = () =>
    undefined,
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const route = method === 'GET' ? http.get : method === 'POST' ? http.post : http.all;
  server.use(
    route(`${BASE}${path}`, async ({ request }) => {
      const body = await request.clone().text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body,
        headers: new Headers(request.headers),
        at: Date.now(),
      });
      return answer(seen.length, request);
    }),
  );
  return seen;
}

/** An API error answer as the service sends it, with a request id and any extra headers. */
export function apiErrorAnswer(status: number, code: string, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(
    { error: { code, message: `${code} from a test override: what to do next.` } },
    { status, headers: { 'X-Request-Id': 'req_override0000000000000000', ...headers } },
  );
}

/** The state of a promise, readable synchronously between fake-timer steps. */
export interface Tracked<T> {
  done: boolean;
  value?: T;
  error?: unknown;
}

export function track<T>(promise: Promise<T>): Tracked<T> {
  const state: Tracked<T> = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}
