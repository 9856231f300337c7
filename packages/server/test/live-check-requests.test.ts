// Check requests with a live key, the portal driver against the simulator: a submitted, successful
// check is charged exactly once; failed attempts (to the lock), an unused request that expires and a
// cancelled one cost nothing. Usage is read as `rtw-server accounts usage` reads it (admin.usage).
import type { CheckRequest } from '@sharecode/core/check-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { CHROMIUM } from './portal-harness.js';
import { call } from './support/api.js';
import { type LiveServer, startLiveServer } from './support/live-server.js';
import { newKey } from './support/test-server.js';

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RIGHT_TO_WORK = { kind: 'right_to_work', company_name: 'Acme Widgets Ltd' };
const APPLICANT = { share_code: 'W7K 2M9 P4Q', dob_day: '27', dob_month: '4', dob_year: '1990' };

describe.skipIf(CHROMIUM === null)('live check requests against the portal simulator', () => {
  let live: LiveServer;
  let server: RunningServer;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    live = await startLiveServer({}, { checkSlots: 2, logLevelOverride: 'silent' });
    server = live.server;
    ({ key, accountId } = await newKey(server.admin, 'pro', 'live'));
  });
  afterAll(async () => {
    await live?.close();
  });

  const create = async (extra: Record<string, unknown> = {}) => {
    const created = await call(server.url, 'POST', '/api/check-requests', {
      key,
      json: { ...RIGHT_TO_WORK, ...extra },
    });
    expect(created.status, created.text).toBe(201);
    const record = created.body as CheckRequest;
    return { id: record.id, token: (record.url ?? '').split('/r/')[1] ?? '' };
  };
  const read = async (id: string) =>
    (await call(server.url, 'GET', `/api/check-requests/${id}`, { key })).body as CheckRequest;
  /** Waits until the request's latest check has ended (live checks take seconds). */
  const settled = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const record = await read(id);
      if (record.check && (record.check.status === 'succeeded' || record.check.status === 'failed'))
        return record;
      await sleep(100);
    }
    throw new Error(`the check of ${id} did not end`);
  };
  const usage = async () => {
    const summary = await server.admin.usage(accountId);
    if (!summary.ok) throw new Error(summary.error);
    return summary.value;
  };
  const submit = (token: string, form: typeof APPLICANT) =>
    server.checkRequests.applicant.submitByToken(token, form, '203.0.113.7', new Date());

  it('charges one submitted successful check once, and nothing for failed, locked, expired or cancelled requests', async () => {
    // Three wrong dates of birth: three failed checks, the link locks, nothing charged.
    const locked = await create();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await submit(locked.token, { ...APPLICANT, dob_year: '1991' });
      expect(answer.phase.page).toBe('checking');
      const record = await settled(locked.id);
      // The portal cannot tell a wrong date of birth from an unknown code: both are failed attempts.
      expect(['NOT_FOUND', 'DOB_MISMATCH']).toContain(record.check?.error?.code);
      expect(record.check?.check_request_id).toBe(locked.id);
    }
    expect(await read(locked.id)).toMatchObject({ status: 'locked', failed_attempts: 3 });
    expect(await usage()).toMatchObject({ used: 0, inProgress: 0 });

    // Unused: cancelled, and expired by the sweep.
    const cancelled = await create();
    expect((await call(server.url, 'DELETE', `/api/check-requests/${cancelled.id}`, { key })).status).toBe(
      200,
    );
    const expiring = await create({ expires_in_days: 1 });
    await server.sweep(new Date(Date.now() + 2 * DAY_MS));
    expect(await read(expiring.id)).toMatchObject({ status: 'expired' });
    expect(await usage()).toMatchObject({ used: 0, inProgress: 0 });

    // The right details: charged once, and a second submission or a page read charges nothing more.
    const submitted = await create();
    expect((await submit(submitted.token, APPLICANT)).phase.page).toBe('checking');
    const done = await settled(submitted.id);
    expect(done).toMatchObject({
      status: 'submitted',
      check: { status: 'succeeded', check_request_id: submitted.id },
    });
    expect((await server.checkRequests.applicant.openByToken(submitted.token, new Date())).phase.page).toBe(
      'sent',
    );
    expect((await submit(submitted.token, APPLICANT)).phase).toMatchObject({
      page: 'closed',
      reason: 'submitted',
    });
    expect(await usage()).toMatchObject({ used: 1, inProgress: 0 });
    const ledger = await live.database.db.query<{ check_id: string }>(
      'SELECT check_id FROM usage_ledger WHERE account_id = $1',
      [accountId],
    );
    expect(ledger.rows.map((row) => row.check_id)).toEqual([done.check?.id]);
  }, 240_000);
});
