// The sandbox (@sharecode/sandbox and msw) is an optional peer of the CLI: `npm install -g
// @sharecode/cli` leaves it out, so a plain install stays small. Every path that needs it loads it
// through here, and a missing one becomes a clear instruction instead of a module-resolution trace.

export const SANDBOX_NOT_INSTALLED_MESSAGE =
  'The sandbox (--sandbox, rtw sandbox serve) needs @sharecode/sandbox and msw, which the CLI does not install by itself. Install them next to the CLI: npm install -g @sharecode/sandbox msw (or npm install --save-dev @sharecode/sandbox msw in your project), then run the command again.';

export class SandboxNotInstalledError extends Error {
  readonly code = 'SANDBOX_NOT_INSTALLED';
  constructor(options?: { cause?: unknown }) {
    super(SANDBOX_NOT_INSTALLED_MESSAGE, options);
    this.name = 'SandboxNotInstalledError';
  }
}

/** True when `error` says @sharecode/sandbox or msw cannot be found (ESM or CJS resolution). */
export function isSandboxMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && /['"](@sharecode\/sandbox|msw)(\/[^'"]*)?['"]/.test(message);
}

/** Runs `load` (a dynamic import that reaches the sandbox); a missing sandbox throws SandboxNotInstalledError. */
export async function loadSandbox<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isSandboxMissing(error)) throw new SandboxNotInstalledError({ cause: error });
    throw error;
  }
}
