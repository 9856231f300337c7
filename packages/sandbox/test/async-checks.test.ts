// Idempotency-Key, who may read a check, the aliases, and reset().
import type { CheckRecord } from '@sharecode/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validBody } from './check-bodies.js';
import { call, expectContract, expectError, OTHER_KEY, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();
const RTW = validBody('right_to_work', 'WACPT0001');
const RTR = validBody('right_to_rent', 'RACPT0001');
const IS = validBody('immigration_status', 'SACPT0001');

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-20T10:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

async function create(path: string, body: unknown, headers: Record<string, string> = {}, key?: string) {
  const answer = await call('POST', path, { body, headers, ...(key === undefined ? {} : { key }) });
  return { answer, record: answer.body as CheckRecord };
}

describe('Idempotency-Key', () => {
  it('answers a repeat with 200 and the first check as it stands, without a second check', async () => {
    const sandbox = harness.use();
    const first = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-1' });
    expect(first.answer.status).toBe(202);
    await vi.advanceTimersByTimeAsync(1000);
    const again = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-1' });
    expectContract('POST', '/api/check/async', again.answer);
    expect(again.answer.status).toBe(200);
    expect(again.answer.headers.get('location')).toBeNull();
    expect(again.record.id).toBe(first.record.id);
    expect(again.record.status).toBe('succeeded');
    expect(sandbox.pendingTimers).toBe(0);
  });

  it('treats the same request written differently (spaced, lower-case code) as a repeat', async () => {
    harness.use();
    const first = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-2' });
    const again = await create(
      '/api/check/async',
      { ...RTW, share_code: 'wac pt0 001' },
      { 'idempotency-key': 'hire-2' },
    );
    expect(again.answer.status).toBe(200);
    expect(again.record.id).toBe(first.record.id);
  });

  it('reads a quoted key (IETF Structured Field form) as the bare key', async () => {
    harness.use();
    const first = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-3' });
    const again = await create('/api/check/async', RTW, { 'idempotency-key': '"hire-3"' });
    expect(again.answer.status).toBe(200);
    expect(again.record.id).toBe(first.record.id);
  });

  it.each([
    ['another body', '/api/check/async', { ...RTW, company_name: 'Other Ltd' }],
    ['another client_reference', '/api/check/async', { ...RTW, client_reference: 'x' }],
    ['another kind of check', '/api/check/right-to-rent/async', RTR],
  ])('refuses the key with %s: 400 naming Idempotency-Key', async (_label, path, body) => {
    const sandbox = harness.use();
    await create('/api/check/async', RTW, { 'idempotency-key': 'hire-4' });
    const again = await create(path, body, { 'idempotency-key': 'hire-4' });
    expectContract('POST', path, again.answer);
    expect(expectError(again.answer, 400, 'INVALID_INPUT').message).toContain('Idempotency-Key');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sandbox.pendingTimers).toBe(0);
  });

  it('scopes keys to the API key: another key with the same Idempotency-Key gets its own check', async () => {
    harness.use();
    const mine = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-5' });
    const theirs = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-5' }, OTHER_KEY);
    expect(theirs.answer.status).toBe(202);
    expect(theirs.record.id).not.toBe(mine.record.id);
  });

  it('queues a new check for every POST without a key', async () => {
    harness.use();
    const a = await create('/api/check/async', RTW);
    const b = await create('/api/check/async', RTW);
    expect(b.answer.status).toBe(202);
    expect(b.record.id).not.toBe(a.record.id);
  });
});

describe('reading checks', () => {
  it('hides a check from another key: 404 CHECK_NOT_FOUND', async () => {
    harness.use();
    const { record } = await create('/api/check/async', RTW);
    const answer = await call('GET', `/api/check/async/${record.id}`, { key: OTHER_KEY });
    expectContract('GET', '/api/check/async/{check_id}', answer);
    expectError(answer, 404, 'CHECK_NOT_FOUND');
  });

  it('reads every kind at the generic path, and each kind only at its own prefix', async () => {
    harness.use();
    const checks = {
      rtw: (await create('/api/check/async', RTW)).record.id,
      rtr: (await create('/api/check/right-to-rent/async', RTR)).record.id,
      is: (await create('/api/check/immigration-status/async', IS)).record.id,
    };
    const prefixes = {
      rtw: '/api/check/right-to-work/async/',
      rtr: '/api/check/right-to-rent/async/',
      is: '/api/check/immigration-status/async/',
    };
    for (const [kind, id] of Object.entries(checks)) {
      expect((await call('GET', `/api/check/async/${id}`)).status).toBe(200);
      for (const [prefixKind, prefix] of Object.entries(prefixes)) {
        const answer = await call('GET', `${prefix}${id}`);
        expectContract('GET', `${prefix}{check_id}`, answer);
        if (prefixKind === kind) expect(answer.status).toBe(200);
        else expectError(answer, 404, 'CHECK_NOT_FOUND');
      }
    }
  });

  it.each(['chk_short', 'x', `chk_${'a'.repeat(32)}`, 'chk_%00'])(
    'answers 404 CHECK_NOT_FOUND to id %s',
    async (id) => {
      harness.use();
      expectError(await call('GET', `/api/check/async/${id}`), 404, 'CHECK_NOT_FOUND');
    },
  );

  it('needs a key to read', async () => {
    harness.use();
    const { record } = await create('/api/check/async', RTW);
    expectError(await call('GET', `/api/check/async/${record.id}`, { key: null }), 401, 'UNAUTHENTICATED');
  });
});

describe('the right-to-work aliases', () => {
  it('POST /api/check/right-to-work/async queues a right-to-work check located at /api/check/async/{id}', async () => {
    harness.use();
    const { answer, record } = await create('/api/check/right-to-work/async', RTW);
    expectContract('POST', '/api/check/right-to-work/async', answer);
    expect(answer.headers.get('location')).toBe(`/api/check/async/${record.id}`);
    await vi.advanceTimersByTimeAsync(200);
    const read = await call('GET', `/api/check/right-to-work/async/${record.id}`);
    expectContract('GET', '/api/check/right-to-work/async/{check_id}', read);
    expect((read.body as CheckRecord).result).toMatchObject({ title: 'Right to work' });
  });
});

describe('reset()', () => {
  it('forgets checks and keys and cancels their timers', async () => {
    const sandbox = harness.use();
    const { record } = await create('/api/check/async', validBody('right_to_work', 'WRTRY0002'), {
      'idempotency-key': 'hire-6',
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(sandbox.pendingTimers).toBe(1);
    sandbox.reset();
    expect(sandbox.pendingTimers).toBe(0);
    expectError(await call('GET', `/api/check/async/${record.id}`), 404, 'CHECK_NOT_FOUND');
    const again = await create('/api/check/async', RTW, { 'idempotency-key': 'hire-6' });
    expect(again.answer.status).toBe(202);
  });

  it('drops an attempt that was running when reset() came', async () => {
    const events: string[] = [];
    // An option handler survives reset(), so only the dropped attempt keeps it from being called.
    const sandbox = harness.use({
      delays: { startMs: 0, runMs: 0 },
      webhookHandler: (request) => {
        events.push(request.body);
      },
    });
    await create('/api/check/async', { ...RTW, callback_url: 'https://hooks.example.com/a' });
    // Fire the start and run timers, then reset before core's (asynchronous) run resolves.
    vi.advanceTimersByTime(5);
    expect(sandbox.pendingTimers).toBe(0);
    sandbox.reset();
    await vi.advanceTimersByTimeAsync(5000);
    expect(events).toEqual([]);
    expect(sandbox.deliveries).toEqual([]);
  });
});
