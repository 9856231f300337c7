// Shared test plumbing: a real msw/node server with the sandbox's handlers, requests through the
// global fetch, and every answer checked against openapi.json.
import type { SetupServer } from 'msw/node';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Sandbox } from '../src/create-sandbox.js';
import { createSandbox } from '../src/create-sandbox.js';
import type { SandboxOptions } from '../src/sandbox-options.js';
import { createContractValidator } from './contract-validator.js';

export const BASE = 'http://127.0.0.1:8080';
export const KEY = 'rtw_test_k1aaaaaaaaaaaaaaaaaaaaaaaaaaa00000000000';
export const OTHER_KEY = 'rtw_test_k2bbbbbbbbbbbbbbbbbbbbbbbbbbb00000000000';

export const contract = createContractValidator();

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface CallInit {
  /** An object is sent as JSON with `Content-Type: application/json`; a string is sent as is. */
  body?: unknown;
  /** The API key; null sends no Authorization header. Default KEY. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** Sends a request to the sandbox through the global fetch (so MSW intercepts it). */
export async function call(method: string, path: string, init: CallInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? KEY : init.key;
  if (key !== null && !headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
  let body: string | undefined;
  if (typeof init.body === 'string') body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = await fetch(`${BASE}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** Asserts the answer is what the contract declares for the operation and status. */
export function expectContract(method: string, template: string, answer: Answer): void {
  const verdict = contract.validateResponse({
    method,
    path: template,
    status: answer.status,
    body: answer.body,
    headers: answer.headers,
  });
  expect(verdict.errors, `${method} ${template} -> ${answer.status}: ${answer.text.slice(0, 300)}`).toEqual(
    [],
  );
}

/** Asserts an error answer: status, code, the ErrorBody schema and an X-Request-Id. */
export function expectError(answer: Answer, status: number, code: string): { code: string; message: string } {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(contract.validateSchema('ErrorBody', answer.body).errors).toEqual([]);
  expect(answer.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9]{24}$/);
  const error = (answer.body as { error: { code: string; message: string } }).error;
  expect(error.code).toBe(code);
  return error;
}

/**
 * One msw/node server for the test file; `use(options)` swaps in a fresh sandbox. After each test the
 * handlers and the sandbox are reset. Extra handlers (a webhook receiver) go in with `server.use`.
 */
export function useSandboxServer(defaults: SandboxOptions = {}): {
  server: SetupServer;
  use(options?: SandboxOptions): Sandbox;
} {
  const server = setupServer();
  let current: Sandbox | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    current?.reset();
    current = undefined;
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return {
    server,
    use(options = {}) {
      current = createSandbox({ ...defaults, ...options });
      server.resetHandlers(...current.handlers);
      return current;
    },
  };
}
