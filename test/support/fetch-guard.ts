// The unit project shares each worker's globals across its files (isolate: false). A file that left
// the global fetch patched (an MSW server left listening) would turn the next file's real HTTP into
// refusals, failing a test that has nothing to do with it: each file must leave fetch as it found it.
import { afterAll, beforeAll, expect } from 'vitest';

const ORIGINAL = Symbol.for('sharecode.test.original-fetch');
const slot = globalThis as unknown as Record<symbol, typeof fetch | undefined>;
slot[ORIGINAL] ??= globalThis.fetch;

const file = (): string => String(expect.getState().testPath ?? 'this file');

beforeAll(() => {
  if (globalThis.fetch !== slot[ORIGINAL]) {
    throw new Error(
      `The global fetch was patched when ${file()} started: an earlier file in this worker left it so.`,
    );
  }
});

afterAll(() => {
  if (globalThis.fetch !== slot[ORIGINAL]) {
    throw new Error(
      `${file()} left the global fetch patched: close its MSW server (or unstub fetch) in afterAll.`,
    );
  }
});
