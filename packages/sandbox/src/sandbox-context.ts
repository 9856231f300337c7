import type { CheckRunner } from './check-runner.js';
import type { CheckStore } from './check-store.js';
import type { ResolvedSandboxOptions } from './sandbox-options.js';

/** What the endpoint answers share: one per sandbox. */
export interface SandboxContext {
  options: ResolvedSandboxOptions;
  store: CheckStore;
  runner: CheckRunner;
}

/** One authenticated request being answered. */
export interface CallContext {
  request: Request;
  requestId: string;
  /** The caller's test key. */
  apiKey: string;
}
