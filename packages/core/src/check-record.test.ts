import { describe, expect, it } from 'vitest';
import {
  expiredRecord,
  finishedRecord,
  queuedRecord,
  RESULT_RETENTION_DAYS,
  resultExpiresAt,
  runningRecord,
  STATUS_RETENTION_DAYS,
  statusExpiresAt,
} from './check-record.js';
import { checkError } from './errors/check-error.js';
import { fail, ok } from './outcome.js';
import { runSandboxCheck } from './sandbox/run-sandbox-check.js';
import { validateCheckRequest } from './validation/check-request.js';

const CREATED = new Date('2026-02-01T10:00:00.000Z');
const ENDED = new Date('2026-02-01T10:00:42.000Z');
const queued = queuedRecord({
  id: `chk_${'a'.repeat(32)}`,
  mode: 'live',
  clientReference: 'hr-17',
  callbackUrl: 'https://hooks.example.com/rtw',
  createdAt: CREATED,
});

describe('asynchronous check records', () => {
  it('retention periods are the spec’s 7 and 30 days', () => {
    expect(RESULT_RETENTION_DAYS).toBe(7);
    expect(STATUS_RETENTION_DAYS).toBe(30);
    expect(resultExpiresAt(ENDED).toISOString()).toBe('2026-02-08T10:00:42.000Z');
    expect(statusExpiresAt(ENDED).toISOString()).toBe('2026-03-03T10:00:42.000Z');
  });

  it('a queued record has status queued, attempts 0 and nothing else known yet (spec 2.5)', () => {
    expect(queued).toEqual({
      id: `chk_${'a'.repeat(32)}`,
      status: 'queued',
      mode: 'live',
      client_reference: 'hr-17',
      callback_url: 'https://hooks.example.com/rtw',
      attempts: 0,
      result: null,
      error: null,
      result_expires_at: null,
      result_expired: false,
      created_at: '2026-02-01T10:00:00.000Z',
      completed_at: null,
    });
  });

  it('a running record counts runs and leaves the rest alone', () => {
    expect(runningRecord(queued, 2)).toEqual({ ...queued, status: 'running', attempts: 2 });
  });

  it('a finished record carries the result, or the code and message the synchronous call answers', async () => {
    const request = validateCheckRequest(
      'right_to_work',
      { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' },
      { async: true, now: CREATED },
    );
    if (!request.ok) throw new Error('fixture request is invalid');
    const result = await runSandboxCheck(request.value, { attempt: 1, now: ENDED });
    if (!result.ok) throw new Error('fixture scenario failed');
    const running = runningRecord(queued, 1);
    expect(finishedRecord(running, ok(result.value), ENDED)).toEqual({
      ...running,
      status: 'succeeded',
      result: result.value,
      completed_at: ENDED.toISOString(),
      result_expires_at: '2026-02-08T10:00:42.000Z',
    });
    const timeout = checkError('TIMEOUT');
    expect(finishedRecord(running, fail(timeout), ENDED)).toEqual({
      ...running,
      status: 'failed',
      error: { code: 'TIMEOUT', message: timeout.message },
      completed_at: ENDED.toISOString(),
      result_expires_at: '2026-02-08T10:00:42.000Z',
    });
    // Only code and message reach the record: no Retry-After or other extras.
    const busy = finishedRecord(running, fail(checkError('BUSY', undefined, { retryAfter: 30 })), ENDED);
    expect(Object.keys(busy.error ?? {})).toEqual(['code', 'message']);
  });

  it('an expired record has lost its result, client_reference and callback_url, and says so', () => {
    const ended = finishedRecord(runningRecord(queued, 3), fail(checkError('NOT_FOUND')), ENDED);
    expect(expiredRecord(ended)).toEqual({
      ...ended,
      result: null,
      client_reference: null,
      callback_url: null,
      result_expired: true,
    });
  });
});
