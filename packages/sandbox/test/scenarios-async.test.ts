// Every row of core's sandbox table, for each kind, through the asynchronous endpoints: the whole
// life of the check under fake timers, attempt by attempt, and the webhook it ends with.
import type { CheckRecord } from '@sharecode/core';
import { CHECK_KINDS, kindInfo } from '@sharecode/core';
import { runSandboxCheck, SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core/sandbox';
import { validateCheckRequest } from '@sharecode/core/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookRequest } from '../src/webhook-types.js';
import { templates, validBody } from './check-bodies.js';
import { call, contract, expectContract, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();
const START = new Date('2025-03-10T09:00:00.000Z');
const CALLBACK = 'https://hooks.example.com/sharecode?tenant=42';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const cases = SANDBOX_SCENARIOS.flatMap((scenario) =>
  CHECK_KINDS.map((kind) => {
    const known = scenario.kinds.includes(kind);
    // The table lists the answer of every attempt until the check ends; an unknown code is one NOT_FOUND.
    const attempts = known ? scenario.attempts : ([{ type: 'error', code: 'NOT_FOUND' }] as const);
    return { scenario, kind, code: sandboxShareCode(kind, scenario.suffix), attempts };
  }),
);

describe.each(cases)('$code ($kind) asynchronously', ({ kind, code, attempts }) => {
  const paths = templates(kind);

  it('runs each attempt of the table, then ends as the synchronous call answers', async () => {
    const sandbox = harness.use();
    const events: WebhookRequest[] = [];
    sandbox.onWebhook((request) => {
      events.push(request);
    });
    const { startMs, runMs, retrySchedule } = sandbox.delays;

    const created = await call('POST', paths.async, {
      body: { ...validBody(kind, code), callback_url: CALLBACK, client_reference: 'case-1' },
    });
    expectContract('POST', paths.async, created);
    expect(created.status).toBe(202);
    const queued = created.body as CheckRecord;
    expect(created.headers.get('location')).toBe(`${kindInfo(kind).locationPrefix}${queued.id}`);
    expect(queued).toMatchObject({
      status: 'queued',
      mode: 'test',
      attempts: 0,
      result: null,
      error: null,
      result_expires_at: null,
      result_expired: false,
      completed_at: null,
      client_reference: 'case-1',
      callback_url: CALLBACK,
      created_at: START.toISOString(),
    });

    const read = async (): Promise<CheckRecord> => {
      const answer = await call('GET', `${kindInfo(kind).locationPrefix}${queued.id}`);
      expectContract('GET', paths.get, answer);
      return answer.body as CheckRecord;
    };

    for (let attempt = 1; attempt <= attempts.length; attempt++) {
      const wait = attempt === 1 ? startMs : (retrySchedule[attempt - 2] ?? 0) * 1000;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(await read()).toMatchObject({
        status: attempt === 1 ? 'queued' : 'running',
        attempts: attempt - 1,
      });
      await vi.advanceTimersByTimeAsync(1);
      expect(await read()).toMatchObject({ status: 'running', attempts: attempt });
      await vi.advanceTimersByTimeAsync(runMs);
      if (attempt < attempts.length) {
        // Waiting for the retry: still running, no result, no webhook yet.
        expect(await read()).toMatchObject({
          status: 'running',
          attempts: attempt,
          result: null,
          error: null,
        });
        expect(events).toHaveLength(0);
      }
    }

    const final = await read();
    const endedAt = new Date(Date.now());
    const last = attempts[attempts.length - 1];
    expect(final.attempts).toBe(attempts.length);
    expect(final.completed_at).toBe(endedAt.toISOString());
    expect(final.result_expires_at).toBe(new Date(endedAt.getTime() + 7 * 86_400_000).toISOString());
    expect(final.result_expired).toBe(false);
    expect(sandbox.pendingTimers).toBe(0);

    // The synchronous call made at the same instant answers exactly what the check holds.
    const sync = await call('POST', paths.sync, { body: validBody(kind, code) });
    if (last?.type === 'result') {
      expect(final.status).toBe('succeeded');
      expect(final.error).toBeNull();
      // What core's sandbox answers for this attempt (the RTRY codes echo their own share code).
      const request = validateCheckRequest(kind, validBody(kind, code), { async: false, now: endedAt });
      if (!request.ok) throw new Error(request.error.message);
      const expected = await runSandboxCheck(request.value, { attempt: attempts.length, now: endedAt });
      expect(expected).toEqual({ ok: true, value: final.result });
      if (attempts.length === 1) expect(final.result).toEqual(sync.body);
    } else {
      expect(final.status).toBe('failed');
      expect(final.result).toBeNull();
      expect(final.error).toEqual({
        code: last?.code,
        message: (sync.body as { error: { message: string } }).error.message,
      });
      expect((sync.body as { error: { code: string } }).error.code).toBe(last?.code);
    }

    // Exactly one event, carrying the record as it ended.
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]?.body ?? '{}') as {
      type: string;
      created_at: string;
      data: CheckRecord;
    };
    expect(contract.validateSchema('WebhookEvent', event).errors).toEqual([]);
    expect(event.type).toBe(final.status === 'succeeded' ? 'check.succeeded' : 'check.failed');
    expect(event.created_at).toBe(endedAt.toISOString());
    expect(event.data).toEqual(final);
    expect(events[0]?.url).toBe(CALLBACK);
  });
});

// The table above drives the sandbox; these pin what spec 3 says the retried codes end with.
describe.each([
  { code: 'WRTRY0001', status: 'succeeded', attempts: 2 },
  { code: 'WRTRY0002', status: 'succeeded', attempts: 3 },
  { code: 'WTIME0001', status: 'failed', attempts: 3 },
  { code: 'WBUSY0001', status: 'failed', attempts: 3 },
  { code: 'WFAIL0001', status: 'failed', attempts: 3 },
  { code: 'WUPEX0001', status: 'failed', attempts: 2 },
  { code: 'WNFND0001', status: 'failed', attempts: 1 },
  { code: 'WACPT0001', status: 'succeeded', attempts: 1 },
])('$code', ({ code, status, attempts }) => {
  it(`ends ${status} after ${attempts} attempt(s), within the default retry schedule`, async () => {
    harness.use();
    const created = await call('POST', '/api/check/async', { body: validBody('right_to_work', code) });
    const id = (created.body as CheckRecord).id;
    // 50 ms to start, 50 ms per run, 1 s then 2 s between attempts.
    await vi.advanceTimersByTimeAsync(50 + 50 * 3 + 1000 + 2000);
    const record = (await call('GET', `/api/check/async/${id}`)).body as CheckRecord;
    expect(record).toMatchObject({ status, attempts });
  });
});
