import type { CheckRecord } from '@sharecode/core';
import type { CheckRequest, CheckRequestList } from '@sharecode/core/check-requests';
import { describe, expect, it } from 'vitest';
import { call, errorOf } from './support/api.js';
import { eventually, useAsyncTestServer } from './support/async-server.js';
import { holdsPlaintext } from './support/plaintext-search.js';
import { BACKENDS, newKey } from './support/test-server.js';

// Check requests over real HTTP and through the applicant service the page's routes call, once on
// the embedded PGlite and once on PostgreSQL. Test keys: the checks answer from the sandbox codes.
const CALLBACK = 'https://hooks.example.com/requests';
const DAY_MS = 86_400_000;

const BODIES = {
  right_to_work: { kind: 'right_to_work', company_name: 'Acme Staffing Ltd' },
  right_to_rent: { kind: 'right_to_rent', checker_name: 'Pat Landlord', checker_type: 'landlord' },
  immigration_status: {
    kind: 'immigration_status',
    company_name: 'Acme',
    job_title: 'HR officer',
    purpose: 'travel',
  },
} as const;
const LETTER = { right_to_work: 'W', right_to_rent: 'R', immigration_status: 'S' } as const;
const dob = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return { dob_day: day, dob_month: month, dob_year: year };
};

describe.each(BACKENDS)('check requests on %s', (backend) => {
  const ctx = useAsyncTestServer(backend);
  const create = async (key: string, body: Record<string, unknown>) => {
    const created = await call(ctx.server.url, 'POST', '/api/check-requests', { key, json: body });
    expect(created.status, created.text).toBe(201);
    const record = created.body as CheckRequest;
    const token = (record.url ?? '').split('/r/')[1] ?? '';
    return { record, token, location: created.headers.get('location') };
  };
  const get = async (key: string, id: string) => {
    const read = await call(ctx.server.url, 'GET', `/api/check-requests/${id}`, { key });
    expect(read.status, read.text).toBe(200);
    return read.body as CheckRequest;
  };
  const applicant = () => ctx.server.server.checkRequests.applicant;
  const deliveries = async (requestId: string) =>
    (
      await ctx.server.database.db.query<{ event_type: string }>(
        'SELECT event_type FROM webhook_deliveries WHERE check_id = $1',
        [requestId],
      )
    ).rows.map((row) => row.event_type);

  it.each(Object.keys(BODIES) as (keyof typeof BODIES)[])(
    '%s: 201 with url and Location, then GET and the list without url',
    async (kind) => {
      const { key } = await newKey(ctx.server.admin, 'pro', 'test');
      const { record, token, location } = await create(key, {
        ...BODIES[kind],
        client_reference: 'cand-1',
        applicant_email: 'sam@example.com',
      });
      expect(record).toMatchObject({
        kind,
        status: 'waiting',
        mode: 'test',
        client_reference: 'cand-1',
        applicant_email: 'sam@example.com',
        // This server has no SMTP settings: the address is kept, never written to, and it says so.
        applicant_email_status: 'not_sent',
        failed_attempts: 0,
        check: null,
        ended_at: null,
      });
      expect(record.id).toMatch(/^creq_[A-Za-z0-9]{32}$/);
      expect(record.url).toBe(`${ctx.server.url}/r/${token}`);
      expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(location).toBe(`/api/check-requests/${record.id}`);
      expect(Date.parse(record.expires_at) - Date.parse(record.created_at)).toBe(14 * DAY_MS);
      const read = await get(key, record.id);
      expect(read).toEqual({ ...record, url: null });
      const list = await call(ctx.server.url, 'GET', '/api/check-requests', { key });
      expect((list.body as CheckRequestList).data).toEqual([{ ...record, url: null }]);
      // The token is stored only as its hash.
      const { rows } = await ctx.server.database.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM check_requests WHERE id = $1',
        [record.id],
      );
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.token_hash).not.toContain(token);
    },
  );

  it('names every field at fault, and refuses a share code sent by the checker', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const bad = await call(ctx.server.url, 'POST', '/api/check-requests', {
      key,
      json: { kind: 'right_to_work', share_code: 'W12345678', expires_in_days: 91 },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('INVALID_INPUT');
    expect(errorOf(bad).message).toMatch(/share_code|company_name|expires_in_days/);
    const kindless = await call(ctx.server.url, 'POST', '/api/check-requests', {
      key,
      json: { company_name: 'A' },
    });
    expect(errorOf(kindless).message).toMatch(/^kind is required/);
  });

  it('gates as a check does: a live key gets the quota headers, an unpaid account 402, an unclaimed key no callback_url', async () => {
    const live = await newKey(ctx.server.admin, 'pro', 'live');
    const created = await call(ctx.server.url, 'POST', '/api/check-requests', {
      key: live.key,
      json: BODIES.right_to_work,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(created.body).toMatchObject({ mode: 'live' });
    const set = await ctx.server.admin.setSubscriptionStatus(live.accountId, 'past_due');
    expect(set.ok).toBe(true);
    const refused = await call(ctx.server.url, 'POST', '/api/check-requests', {
      key: live.key,
      json: BODIES.right_to_work,
    });
    expect(refused.status).toBe(402);
    expect(errorOf(refused).code).toBe('PAYMENT_REQUIRED');
    const anonymous = await ctx.server.admin.createAnonymousTestKey();
    if (!anonymous.ok) throw new Error(anonymous.error);
    const withCallback = await call(ctx.server.url, 'POST', '/api/check-requests', {
      key: anonymous.value.key,
      json: { ...BODIES.right_to_work, callback_url: CALLBACK },
    });
    expect(withCallback.status).toBe(400);
    expect(errorOf(withCallback).message).toMatch(/^callback_url cannot be used with a sandbox key/);
    const unauthenticated = await call(ctx.server.url, 'POST', '/api/check-requests', {
      json: BODIES.right_to_work,
    });
    expect(unauthenticated.status).toBe(401);
  });

  it('answers 404 CHECK_REQUEST_NOT_FOUND to another account and to the other mode', async () => {
    const owner = await newKey(ctx.server.admin, 'pro', 'test');
    const other = await newKey(ctx.server.admin, 'pro', 'test');
    const live = await ctx.server.admin.createApiKey(owner.accountId, 'live');
    if (!live.ok) throw new Error(live.error);
    const { record } = await create(owner.key, BODIES.right_to_work);
    for (const key of [other.key, live.value.key]) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await call(ctx.server.url, method, `/api/check-requests/${record.id}`, { key });
        expect(answer.status).toBe(404);
        expect(errorOf(answer).code).toBe('CHECK_REQUEST_NOT_FOUND');
      }
    }
    const shapeless = await call(ctx.server.url, 'GET', '/api/check-requests/creq_nope', { key: owner.key });
    expect(shapeless.status).toBe(404);
  });

  it('cancels a waiting request (idempotently), then the link answers closed', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const { record, token } = await create(key, BODIES.right_to_rent);
    const first = await call(ctx.server.url, 'DELETE', `/api/check-requests/${record.id}`, { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'cancelled', ended_at: ctx.server.clock().toISOString() });
    const again = await call(ctx.server.url, 'DELETE', `/api/check-requests/${record.id}`, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const opened = await applicant().openByToken(token, ctx.server.clock());
    expect(opened.phase).toEqual({
      page: 'closed',
      reason: 'cancelled',
      asker: 'Pat Landlord',
      mode: 'test',
    });
  });

  it('says applicant_email_status null without an address, not_sent with one, and logs a warning without it', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const before = ctx.server.logs.length;
    const without = await create(key, BODIES.right_to_work);
    expect(without.record.applicant_email_status).toBeNull();
    expect(ctx.server.logs.slice(before).join('')).not.toContain('applicant_email was not sent');
    const email = 'not-sent-7Q2M@example.com';
    const { record } = await create(key, { ...BODIES.right_to_work, applicant_email: email });
    expect(record.applicant_email_status).toBe('not_sent');
    expect((await get(key, record.id)).applicant_email_status).toBe('not_sent');
    const warning = ctx.server.logs
      .slice(before)
      .find((line) => line.includes('applicant_email was not sent'));
    expect(warning).toContain(record.id);
    expect(JSON.parse(warning ?? '{}').level).toBe(40);
    expect(ctx.server.logs.slice(before).join('')).not.toContain(email);
  });

  it('pages newest first with an opaque cursor, filters by status, and names a bad parameter', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.server.clock.advance(1000);
      ids.push((await create(key, BODIES.right_to_work)).record.id);
    }
    await call(ctx.server.url, 'DELETE', `/api/check-requests/${ids[0]}`, { key });
    const page1 = (await call(ctx.server.url, 'GET', '/api/check-requests?limit=2', { key }))
      .body as CheckRequestList;
    expect(page1.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (
      await call(ctx.server.url, 'GET', `/api/check-requests?limit=2&cursor=${page1.next_cursor}`, { key })
    ).body as CheckRequestList;
    expect(page2).toEqual({
      data: [expect.objectContaining({ id: ids[0], status: 'cancelled' })],
      next_cursor: null,
    });
    const waiting = (await call(ctx.server.url, 'GET', '/api/check-requests?status=waiting', { key }))
      .body as CheckRequestList;
    expect(waiting.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['status=done', 'status'],
      ['cursor=nonsense!', 'cursor'],
    ]) {
      const bad = await call(ctx.server.url, 'GET', `/api/check-requests?${query}`, { key });
      expect(bad.status).toBe(400);
      expect(errorOf(bad).message.startsWith(field ?? '')).toBe(true);
    }
  });

  it('the applicant: a wrong date of birth, a code of another kind, then the right details: submitted once', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const { record, token } = await create(key, { ...BODIES.right_to_work, callback_url: CALLBACK });
    const now = () => ctx.server.clock();
    const opened = await applicant().openByToken(token, now());
    expect(opened).toMatchObject({
      requestId: record.id,
      phase: {
        page: 'form',
        attemptsLeft: 3,
        errors: [],
        request: { kind: 'right_to_work', asker: 'Acme Staffing Ltd' },
      },
    });
    const invalid = await applicant().submitByToken(
      token,
      { share_code: 'W1', ...dob('1990-01-01') },
      '203.0.113.9',
      now(),
    );
    expect(invalid.phase).toMatchObject({ page: 'form', attemptsLeft: 3, errors: [{ field: 'share_code' }] });
    const mismatch = await applicant().submitByToken(
      token,
      { share_code: 'WACPT0001', ...dob('1985-05-05') },
      '203.0.113.9',
      now(),
    );
    expect(mismatch.phase).toMatchObject({
      page: 'form',
      attemptsLeft: 2,
      errors: [{ field: 'dob_day' }],
      values: { share_code: '' },
    });
    const otherKind = await applicant().submitByToken(
      token,
      { share_code: 'RACPT0001', ...dob('1990-01-01') },
      '203.0.113.9',
      now(),
    );
    expect(otherKind.phase).toMatchObject({
      page: 'form',
      attemptsLeft: 1,
      errors: [{ field: 'share_code', message: expect.stringMatching(/right-to-rent/) }],
    });
    const right = await applicant().submitByToken(
      token,
      { share_code: 'W ACP T00 01', ...dob('1990-01-01') },
      '203.0.113.9',
      now(),
    );
    expect(right.phase).toMatchObject({ page: 'sent', request: { asker: 'Acme Staffing Ltd' } });
    const read = await get(key, record.id);
    expect(read).toMatchObject({ status: 'submitted', failed_attempts: 2, ended_at: now().toISOString() });
    const check = read.check as CheckRecord;
    expect(check).toMatchObject({ status: 'succeeded', check_request_id: record.id });
    const direct = await call(ctx.server.url, 'GET', `/api/check/async/${check.id}`, { key });
    expect(direct.body).toEqual(check);
    // The check's own event carries the request's id.
    const event = await eventually(
      async () => ctx.server.ended.find((call) => call.record.id === check.id),
      'the check event',
    );
    expect(event.record.check_request_id).toBe(record.id);
    expect((await applicant().openByToken(token, now())).phase).toEqual({
      page: 'closed',
      reason: 'submitted',
      asker: 'Acme Staffing Ltd',
      mode: 'test',
    });
    const resubmitted = await applicant().submitByToken(
      token,
      { share_code: 'WACPT0001', ...dob('1990-01-01') },
      '203.0.113.9',
      now(),
    );
    expect(resubmitted.phase).toMatchObject({ page: 'closed', reason: 'submitted' });
    const cancel = await call(ctx.server.url, 'DELETE', `/api/check-requests/${record.id}`, { key });
    expect(cancel.status).toBe(409);
    expect(errorOf(cancel).code).toBe('CHECK_REQUEST_CLOSED');
    expect(await deliveries(record.id)).toEqual([]);
  });

  it.each(Object.keys(BODIES) as (keyof typeof BODIES)[])(
    '%s: three failed attempts (not found) lock the link with one event',
    async (kind) => {
      const { key } = await newKey(ctx.server.admin, 'pro', 'test');
      const { record, token } = await create(key, { ...BODIES[kind], callback_url: CALLBACK });
      const code = `${LETTER[kind]}NFND0001`;
      for (const left of [2, 1]) {
        const answer = await applicant().submitByToken(
          token,
          { share_code: code, ...dob('1990-01-01') },
          '203.0.113.9',
          ctx.server.clock(),
        );
        expect(answer.phase).toMatchObject({
          page: 'form',
          attemptsLeft: left,
          errors: [{ field: 'share_code' }],
        });
      }
      const third = await applicant().submitByToken(
        token,
        { share_code: code, ...dob('1990-01-01') },
        '203.0.113.9',
        ctx.server.clock(),
      );
      expect(third.phase).toMatchObject({ page: 'closed', reason: 'locked' });
      expect(await get(key, record.id)).toMatchObject({
        status: 'locked',
        failed_attempts: 3,
        check: { status: 'failed', error: { code: 'NOT_FOUND' } },
      });
      expect(await deliveries(record.id)).toEqual(['check_request.locked']);
      const cancel = await call(ctx.server.url, 'DELETE', `/api/check-requests/${record.id}`, { key });
      expect(cancel.status).toBe(409);
    },
  );

  it('a check that could not be made costs no attempt: the form again with the not-now notice', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const { record, token } = await create(key, BODIES.right_to_work);
    const answer = await applicant().submitByToken(
      token,
      { share_code: 'WBUSY0001', ...dob('1990-01-01') },
      '203.0.113.9',
      ctx.server.clock(),
    );
    expect(answer.phase).toMatchObject({ page: 'checking' });
    expect((await applicant().openByToken(token, ctx.server.clock())).phase.page).toBe('checking');
    // While that check is pending a cancel would not stop it (it decides the request): refused.
    const refused = await call(ctx.server.url, 'DELETE', `/api/check-requests/${record.id}`, { key });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'CHECK_REQUEST_CHECKING',
      message:
        "A check of the applicant's details is running right now: it ends within minutes. Read the request again; if it is still waiting then, cancel it.",
    });
    expect((await get(key, record.id)).status).toBe('waiting');
    const second = await applicant().submitByToken(
      token,
      { share_code: 'WACPT0001', ...dob('1990-01-01') },
      '203.0.113.9',
      ctx.server.clock(),
    );
    expect(second.phase.page).toBe('checking');
    await eventually(
      async () => {
        ctx.server.clock.advance(10 * 60_000);
        const read = await get(key, record.id);
        return read.check?.status === 'failed' ? read : undefined;
      },
      'the busy check to end',
      20_000,
    );
    const opened = await applicant().openByToken(token, ctx.server.clock());
    expect(opened.phase).toMatchObject({ page: 'form', attemptsLeft: 3, notice: 'not_now', errors: [] });
    expect(await get(key, record.id)).toMatchObject({
      status: 'waiting',
      failed_attempts: 0,
      check: { error: { code: 'BUSY' } },
    });
    // The check has ended: the waiting request can be cancelled now.
    const cancelled = await call(ctx.server.url, 'DELETE', `/api/check-requests/${record.id}`, { key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
  });

  it('the sweep expires a waiting request once, with its event, then retention deletes its data and row', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const { record, token } = await create(key, {
      ...BODIES.right_to_work,
      callback_url: CALLBACK,
      applicant_email: 'sam@example.com',
      expires_in_days: 1,
    });
    ctx.server.clock.advance(DAY_MS + 1000);
    expect(await get(key, record.id)).toMatchObject({ status: 'expired', ended_at: record.expires_at });
    await ctx.server.server.sweep(ctx.server.clock());
    await ctx.server.server.sweep(ctx.server.clock());
    expect(await deliveries(record.id)).toEqual(['check_request.expired']);
    expect((await applicant().openByToken(token, ctx.server.clock())).phase).toMatchObject({
      page: 'closed',
      reason: 'expired',
    });
    ctx.server.clock.advance(7 * DAY_MS);
    await ctx.server.server.sweep(ctx.server.clock());
    expect(await get(key, record.id)).toMatchObject({
      status: 'expired',
      applicant_email: null,
      callback_url: null,
      client_reference: null,
    });
    ctx.server.clock.advance(23 * DAY_MS);
    await ctx.server.server.sweep(ctx.server.clock());
    const gone = await call(ctx.server.url, 'GET', `/api/check-requests/${record.id}`, { key });
    expect(gone.status).toBe(404);
  });

  it('no table or log holds the applicant e-mail, reference, share code, date of birth or token in clear', async () => {
    const { key } = await newKey(ctx.server.admin, 'pro', 'test');
    const before = ctx.server.logs.length;
    const email = 'plaintext-applicant-5Z9K@example.com';
    const reference = 'plaintext-reference-2H7M';
    const { record, token } = await create(key, {
      ...BODIES.right_to_work,
      applicant_email: email,
      client_reference: reference,
    });
    const sent = await applicant().submitByToken(
      token,
      { share_code: 'WACPT0002', ...dob('1990-01-01') },
      '203.0.113.9',
      ctx.server.clock(),
    );
    expect(sent.phase.page).toBe('sent');
    const result = (await get(key, record.id)).check?.result as { name: string } | null;
    expect(result?.name).toEqual(expect.any(String));
    const needles = [email, reference, 'WACPT0002', '1990-01-01', token, result?.name ?? ''];
    const db = ctx.server.database.db;
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.rows.map((row) => row.table_name)).toContain('check_requests');
    for (const { table_name } of tables.rows) {
      const dump = await db.query<{ text: string | null }>(
        `SELECT string_agg(t::text, E'\\n') AS text FROM "${table_name}" t`,
      );
      for (const needle of needles) {
        expect(
          holdsPlaintext(dump.rows[0]?.text ?? '', needle),
          `${table_name} holds ${needle.slice(0, 12)}`,
        ).toBe(false);
      }
    }
    const logged = ctx.server.logs.slice(before).join('');
    expect(logged).toContain(record.id);
    for (const needle of needles)
      expect(logged.includes(needle), `the logs hold ${needle.slice(0, 12)}`).toBe(false);
  });
});
