import type { CheckRunner } from './check-runner.js';
import type { CheckStore } from './check-store.js';
import type { RequestEndings } from './request-endings.js';
import type { RequestStore } from './request-store.js';
import type { ResolvedSandboxOptions } from './sandbox-options.js';
import type { Scheduler } from './scheduler.js';

/** What the endpoint answers share: one per sandbox. */
export interface SandboxContext {
  options: ResolvedSandboxOptions;
  store: CheckStore;
  runner: CheckRunner;
  scheduler: Scheduler;
  requests: RequestStore;
  endings: RequestEndings;
  /** The applicant page's CSRF key: random per sandbox, never leaves it. */
  csrfKey: Promise<CryptoKey>;
}

/** One authenticated request being answered. */
export interface CallContext {
  request: Request;
  requestId: string;
  /** The caller's test key. */
  apiKey: string;
}
