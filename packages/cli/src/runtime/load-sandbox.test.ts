import { describe, expect, it } from 'vitest';
import { isSandboxMissing, loadSandbox, SandboxNotInstalledError } from './load-sandbox.js';

const notFound = (message: string, code = 'ERR_MODULE_NOT_FOUND') =>
  Object.assign(new Error(message), { code });

describe('loadSandbox', () => {
  it('returns what the import gives when the sandbox is installed', async () => {
    await expect(loadSandbox(async () => ({ ready: true }))).resolves.toEqual({ ready: true });
  });

  it.each([
    "Cannot find package '@sharecode/sandbox' imported from /usr/lib/node_modules/@sharecode/cli/dist/x.js",
    "Cannot find package 'msw' imported from /x/node_modules/@sharecode/sandbox/dist/node.js",
    "Cannot find module '@sharecode/sandbox/node'",
  ])('turns a missing sandbox or msw into an install instruction: %s', async (message) => {
    const failed = loadSandbox(() => Promise.reject(notFound(message)));
    await expect(failed).rejects.toBeInstanceOf(SandboxNotInstalledError);
    await expect(failed).rejects.toThrow(/npm install -g @sharecode\/sandbox msw/);
  });

  it('leaves any other failure as it is', async () => {
    const other = notFound("Cannot find package 'commander' imported from /x.js");
    expect(isSandboxMissing(other)).toBe(false);
    await expect(loadSandbox(() => Promise.reject(other))).rejects.toBe(other);
    expect(isSandboxMissing(new Error("'msw' is broken"))).toBe(false);
  });
});
