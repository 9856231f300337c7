// The check-request endpoints, answered as a test key on the service answers them: every answer
// checked against openapi.json.
import { CHECK_KINDS } from '@sharecode/core';
import { verifyWebhook } from '@sharecode/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../src/webhook-types.js';
import { requestBody } from './check-bodies.js';
import { BASE, call, expectContract, expectError, OTHER_KEY, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer({ delays: { startMs: 0, runMs: 0, retryScheduleMs: [0, 0] } });
const LIST = '/api/check-requests';
const ONE = '/api/check-requests/{request_id}';

type Wire = Record<string, unknown> & { id: string; status: string; url: string | null; check: unknown };

async function make(body: Record<string, unknown>, key?: string): Promise<Wire> {
  const answer = await call('POST', LIST, { body, ...(key ? { key } : {}) });
  expectContract('POST', LIST, answer);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as Wire;
}

describe('POST /api/check-requests', () => {
  it.each(CHECK_KINDS)(
    'makes a waiting %s request with its link, shown only in this answer',
    async (kind) => {
      harness.use();
      const answer = await call('POST', LIST, { body: { ...requestBody(kind), client_reference: 'cand-1' } });
      expectContract('POST', LIST, answer);
      expect(answer.status).toBe(201);
      const created = answer.body as Wire;
      expect(created).toMatchObject({
        kind,
        status: 'waiting',
        mode: 'test',
        client_reference: 'cand-1',
        applicant_email: null,
        applicant_email_status: null,
        failed_attempts: 0,
        ended_at: null,
        check: null,
      });
      expect(created.id).toMatch(/^creq_[A-Za-z0-9]{32}$/);
      expect(created.url).toMatch(new RegExp(`^${BASE}/r/[A-Za-z0-9]{32}$`));
      expect(answer.headers.get('location')).toBe(`/api/check-requests/${created.id}`);
      const read = await call('GET', `${LIST}/${created.id}`);
      expectContract('GET', ONE, read);
      expect(read.body).toEqual({ ...created, url: null });
    },
  );

  it('keeps applicant_email but sends no mail: applicant_email_status not_sent', async () => {
    harness.use();
    const answer = await call('POST', LIST, {
      body: { ...requestBody('right_to_work'), applicant_email: 'sam@example.com' },
    });
    expectContract('POST', LIST, answer);
    expect(answer.body).toMatchObject({
      applicant_email: 'sam@example.com',
      applicant_email_status: 'not_sent',
    });
  });

  it('validates as core does: a share code in the request is refused, naming the field', async () => {
    harness.use();
    const answer = await call('POST', LIST, {
      body: { kind: 'right_to_work', company_name: 'Acme', share_code: 'WACPT0001' },
    });
    const error = expectError(answer, 400, 'INVALID_INPUT');
    expect(error.message).toMatch(/share_code is entered by the applicant/);
    expectError(await call('POST', LIST, { body: { kind: 'right_to_work' } }), 400, 'INVALID_INPUT');
    expectError(
      await call('POST', LIST, { body: requestBody('right_to_work'), key: null }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('GET, list and DELETE', () => {
  it('another key, and an id of another shape, are CHECK_REQUEST_NOT_FOUND', async () => {
    harness.use();
    const created = await make(requestBody('right_to_work'));
    expectError(
      await call('GET', `${LIST}/${created.id}`, { key: OTHER_KEY }),
      404,
      'CHECK_REQUEST_NOT_FOUND',
    );
    expectError(
      await call('DELETE', `${LIST}/${created.id}`, { key: OTHER_KEY }),
      404,
      'CHECK_REQUEST_NOT_FOUND',
    );
    expectError(await call('GET', `${LIST}/creq_nope`), 404, 'CHECK_REQUEST_NOT_FOUND');
  });

  it('cancels a waiting request (again: the same); a submitted one is CHECK_REQUEST_CLOSED', async () => {
    const sandbox = harness.use();
    const waiting = await make(requestBody('right_to_work'));
    const cancelled = await call('DELETE', `${LIST}/${waiting.id}`);
    expectContract('DELETE', ONE, cancelled);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', url: null });
    expect((cancelled.body as Wire).ended_at).toEqual(expect.any(String));
    expect((await call('DELETE', `${LIST}/${waiting.id}`)).body).toEqual(cancelled.body);

    const used = await make(requestBody('right_to_work'));
    expect(
      await sandbox.submitAsApplicant(used.url ?? '', { shareCode: 'WACPT0001', dateOfBirth: '1990-01-01' }),
    ).toMatchObject({ outcome: 'sent' });
    const error = expectError(await call('DELETE', `${LIST}/${used.id}`), 409, 'CHECK_REQUEST_CLOSED');
    expect(error.message).toMatch(/submitted, so it cannot be cancelled/);
  });

  it('refuses to cancel while a check of the details is pending: CHECK_REQUEST_CHECKING', async () => {
    const sandbox = harness.use({ delays: { startMs: 1500, runMs: 0, retryScheduleMs: [0, 0] } });
    const created = await make(requestBody('right_to_work'));
    const submitting = sandbox.submitAsApplicant(created, {
      shareCode: 'WACPT0001',
      dateOfBirth: '1990-01-01',
    });
    await expect
      .poll(async () => ((await call('GET', `${LIST}/${created.id}`)).body as Wire).check)
      .not.toBeNull();
    const refused = await call('DELETE', `${LIST}/${created.id}`);
    expectContract('DELETE', ONE, refused);
    const error = expectError(refused, 409, 'CHECK_REQUEST_CHECKING');
    expect(error.message).toBe(
      "A check of the applicant's details is running right now: it ends within minutes. Read the request again; if it is still waiting then, cancel it.",
    );
    expect(((await call('GET', `${LIST}/${created.id}`)).body as Wire).status).toBe('waiting');
    expect(await submitting).toMatchObject({ outcome: 'sent' });
    expect(((await call('GET', `${LIST}/${created.id}`)).body as Wire).status).toBe('submitted');
  });

  it('lists newest first, filtered by status, a page at a time', async () => {
    let clock = new Date('2026-03-01T10:00:00.000Z');
    harness.use({ now: () => clock });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await make(requestBody('right_to_work'))).id);
      clock = new Date(clock.getTime() + 1000);
    }
    await make(requestBody('right_to_rent'), OTHER_KEY);
    await call('DELETE', `${LIST}/${ids[1]}`);

    const first = await call('GET', `${LIST}?limit=2`);
    expectContract('GET', LIST, first);
    const page1 = first.body as { data: Wire[]; next_cursor: string | null };
    expect(page1.data.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await call('GET', `${LIST}?limit=2&cursor=${page1.next_cursor}`)).body as typeof page1;
    expect(page2.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const page3 = (await call('GET', `${LIST}?limit=2&cursor=${page2.next_cursor}`)).body as typeof page1;
    expect(page3).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });

    const cancelled = (await call('GET', `${LIST}?status=cancelled`)).body as typeof page1;
    expect(cancelled.data.map((r) => r.id)).toEqual([ids[1]]);
    const all = (await call('GET', LIST)).body as typeof page1;
    expect(all.data).toHaveLength(5);
    expect(all.data.every((r) => r.url === null)).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['status=open', 'status'],
    ['cursor=not-ours', 'cursor'],
  ])('refuses %s as INVALID_INPUT naming it', async (query, field) => {
    harness.use();
    const error = expectError(await call('GET', `${LIST}?${query}`), 400, 'INVALID_INPUT');
    expect(error.message).toMatch(new RegExp(`^${field} `));
  });
});

describe('the check made, expiry and events', () => {
  it('the check carries check_request_id, and its event goes to the request callback_url', async () => {
    const sandbox = harness.use();
    const received: WebhookRequest[] = [];
    sandbox.onWebhook((request) => {
      received.push(request);
    });
    const callback = 'https://hr.example.com/hooks';
    const created = await make({
      ...requestBody('right_to_rent'),
      callback_url: callback,
      client_reference: 'c7',
    });
    await sandbox.submitAsApplicant(created, { shareCode: 'RACPT0001', dateOfBirth: '1990-01-01' });
    const read = (await call('GET', `${LIST}/${created.id}`)).body as Wire & {
      check: Record<string, unknown>;
    };
    expect(read.status).toBe('submitted');
    expect(read.check).toMatchObject({
      status: 'succeeded',
      check_request_id: created.id,
      client_reference: 'c7',
    });
    // The check reads the same through the async GET.
    const check = await call('GET', `/api/check/async/${String(read.check.id)}`);
    expect(check.body).toEqual(read.check);
    await expect.poll(() => received.length).toBe(1);
    const event = verifyWebhook(received[0]?.body ?? '', received[0]?.headers ?? {}, sandbox.webhookSecret);
    expect(event.type).toBe('check.succeeded');
    expect(event.data).toMatchObject({ check_request_id: created.id });
    expect(received[0]?.url).toBe(callback);
  });

  it('expires by the injected clock, once, with its check_request.expired event', async () => {
    let clock = new Date('2026-03-01T10:00:00.000Z');
    const sandbox = harness.use({ now: () => clock, defaultCallbackUrl: 'https://hr.example.com/default' });
    const received: WebhookRequest[] = [];
    sandbox.onWebhook((request) => {
      received.push(request);
    });
    const created = await make({ ...requestBody('immigration_status'), expires_in_days: 1 });
    expect(created.expires_at).toBe('2026-03-02T10:00:00.000Z');
    clock = new Date('2026-03-02T10:00:00.000Z');
    const read = await call('GET', `${LIST}/${created.id}`);
    expectContract('GET', ONE, read);
    expect(read.body).toMatchObject({ status: 'expired', ended_at: '2026-03-02T10:00:00.000Z' });
    await call('GET', LIST);
    expectError(await call('DELETE', `${LIST}/${created.id}`), 409, 'CHECK_REQUEST_CLOSED');
    await expect.poll(() => received.length).toBe(1);
    const event = verifyWebhook(received[0]?.body ?? '', received[0]?.headers ?? {}, sandbox.webhookSecret, {
      now: clock,
    });
    expect(event).toMatchObject({
      type: 'check_request.expired',
      data: { id: created.id, status: 'expired' },
    });
    expect(received[0]?.url).toBe('https://hr.example.com/default');
    expect(sandbox.deliveries).toEqual([
      expect.objectContaining({ type: 'check_request.expired', checkId: created.id }),
    ]);
    const page = await fetch(created.url ?? '');
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Acme Bank');
    expect(
      await sandbox.submitAsApplicant(created, { shareCode: 'SACPT0001', dateOfBirth: '1990-01-01' }),
    ).toEqual({
      outcome: 'closed',
      status: 410,
      reason: 'expired',
    });
  });

  it('locks at the third failed attempt, with its check_request.locked event', async () => {
    const sandbox = harness.use();
    const received: WebhookRequest[] = [];
    sandbox.onWebhook((request) => {
      received.push(request);
    });
    const created = await make({ ...requestBody('right_to_work'), callback_url: 'https://hr.example.com/h' });
    const wrongDob = { shareCode: 'WACPT0001', dateOfBirth: '1991-02-03' };
    expect(await sandbox.submitAsApplicant(created, wrongDob)).toMatchObject({
      outcome: 'error',
      attemptsLeft: 2,
    });
    expect(
      await sandbox.submitAsApplicant(created, { shareCode: 'RACPT0001', dateOfBirth: '1990-01-01' }),
    ).toMatchObject({ outcome: 'error', attemptsLeft: 1 });
    expect(await sandbox.submitAsApplicant(created, wrongDob)).toEqual({ outcome: 'locked', status: 410 });
    // As the service: the third attempt's check.failed first, then the request's locked event.
    const typeOf = (r: WebhookRequest) => (JSON.parse(r.body) as { type: string }).type;
    await expect
      .poll(() => received.map(typeOf))
      .toEqual(['check.failed', 'check.failed', 'check_request.locked']);
    const read = await call('GET', `${LIST}/${created.id}`);
    expectContract('GET', ONE, read);
    expect(read.body).toMatchObject({ status: 'locked', failed_attempts: 3, check: { status: 'failed' } });
    await expect.poll(() => received.filter((r) => r.body.includes('check_request.locked')).length).toBe(1);
    const locked = received.find((r) => r.body.includes('check_request.locked'));
    const event = verifyWebhook(locked?.body ?? '', locked?.headers ?? {}, sandbox.webhookSecret);
    expect(event).toMatchObject({
      type: 'check_request.locked',
      data: { id: created.id, failed_attempts: 3 },
    });
  });
});
