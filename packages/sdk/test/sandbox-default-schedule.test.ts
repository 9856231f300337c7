// The sandbox's default pace (50 ms to start, 50 ms per run, retries after 1 s then 2 s) under
// vitest's fake timers: waitForCheck on checks that need every retry, driven by the fake clock.
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { type CheckRecord, ShareCodeApiError, ShareCodeClient } from '../src/index.js';
import { API_KEY, BASE, createCheck, rejectionOf, track } from './sandbox-helpers.js';

const { server, sandbox } = setupSandboxServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-04-07T08:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE });
// 50 ms start, then 3 runs of 50 ms with the 1 s and 2 s waits between them.
const EVERY_RETRY_MS = 50 + 50 + 1_000 + 50 + 2_000 + 50;

it('waitForCheck rides out both retries of WRTRY0002 and resolves with attempts 3', async () => {
  expect(sandbox.delays.retrySchedule).toEqual([1, 2]);
  const { check } = await createCheck(client, 'right_to_work', 'WRTRY0002');
  const started = Date.now();
  const progress: string[] = [];
  const wait = track(
    client.waitForCheck(check.id, { onProgress: (c) => progress.push(`${c.status}/${c.attempts}`) }),
  );

  // Not done before the third attempt can have ended: the check really needs every retry.
  await vi.advanceTimersByTimeAsync(EVERY_RETRY_MS - 1);
  expect(wait.done).toBe(false);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(wait.error).toBeUndefined();
  const final = wait.value as CheckRecord;
  expect(final).toMatchObject({ status: 'succeeded', attempts: 3, error: null });
  expect(final.result?.share_code).toBe('WRTRY0002');
  expect(new Date(final.completed_at ?? 0).getTime() - started).toBeGreaterThanOrEqual(EVERY_RETRY_MS);
  // The polls saw the retries happen.
  expect(progress[0]).toBe('queued/0');
  expect(progress).toContain('running/2');
  expect(progress.at(-1)).toBe('succeeded/3');
  expect(sandbox.pendingTimers).toBe(0);
});

it('waitForCheck on WTIME0001 ends failed after 3 attempts; throwOnFailure throws TIMEOUT', async () => {
  const { check } = await createCheck(client, 'immigration_status', 'STIME0001');
  const wait = track(client.waitForCheck(check.id, { throwOnFailure: true }));
  await vi.advanceTimersByTimeAsync(EVERY_RETRY_MS - 1);
  expect(wait.done).toBe(false);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(wait.done).toBe(true);
  const error = wait.error;
  if (!(error instanceof ShareCodeApiError)) return expect.fail('expected a ShareCodeApiError');
  expect(error.code).toBe('TIMEOUT');
  expect(error.status).toBe(504);
  expect(error.check).toMatchObject({ id: check.id, status: 'failed', attempts: 3 });
  // The same record is what a plain read gives.
  expect(await client.getCheck(check.id)).toEqual(error.check);
});

it('waitForCheck gives up at its own timeout while the retries wait, with the last record', async () => {
  const { check } = await createCheck(client, 'right_to_rent', 'RBUSY0001');
  const wait = client.waitForCheck(check.id, { timeout: 1_500 });
  const rejection = rejectionOf(wait);
  await vi.advanceTimersByTimeAsync(2_000);
  const error = await rejection;
  expect(error).toMatchObject({ name: 'ShareCodeTimeoutError', phase: 'wait', timeoutMs: 1_500 });
  expect((error as { check?: CheckRecord }).check).toMatchObject({ id: check.id, status: 'running' });
});
