// Node-only entry: msw/node's interceptors. The main entry stays usable in browsers.
import type { SetupServer } from 'msw/node';
import { setupServer } from 'msw/node';
import type { Sandbox } from './create-sandbox.js';
import { createSandbox } from './create-sandbox.js';
import type { SandboxOptions } from './sandbox-options.js';

export interface SandboxServer {
  /** msw/node's server with the sandbox's handlers: call `listen()` before the tests, `close()` after. */
  server: SetupServer;
  sandbox: Sandbox;
}

/** `setupServer(...createSandbox(options).handlers)`, returning both. */
export function setupSandboxServer(options?: SandboxOptions): SandboxServer {
  const sandbox = createSandbox(options);
  return { server: setupServer(...sandbox.handlers), sandbox };
}
