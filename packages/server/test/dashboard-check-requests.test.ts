import type { CheckRequest } from '@sharecode/core/check-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.js';
import { dashboardSignIn, newDashboardOwner } from './support/dashboard.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';

// The dashboard's check requests (issue 35): each mode's requests with their status, and a Cancel
// button for a waiting one, confirmed on a page of its own; never the applicant's data or the link.

const PASSWORD = 'a long enough password';
let ctx: WebhookTestServer;
let owner: { accountId: string; email: string };
let testKey: string;
let session: string;

beforeAll(async () => {
  ctx = await startWebhookTestServer('pglite', {});
  owner = await newDashboardOwner(ctx.server, PASSWORD);
  const key = await ctx.server.admin.createApiKey(owner.accountId, 'test');
  if (!key.ok) throw new Error(key.error);
  testKey = key.value.key;
  const signedIn = await dashboardSignIn(ctx.server.url, owner.email, PASSWORD);
  session = signedIn.session ?? '';
});
afterAll(async () => {
  await ctx?.close();
});

const cookie = () => ({ cookie: `rtw_session=${session}` });

async function createRequest(body: Record<string, unknown>): Promise<CheckRequest> {
  const created = await call(ctx.server.url, 'POST', '/api/check-requests', { key: testKey, json: body });
  expect(created.status, created.text).toBe(201);
  return created.body as CheckRequest;
}

async function section(mode: 'test' | 'live'): Promise<{ page: string; table: string; csrf: string }> {
  const response = await fetch(`${ctx.server.url}/dashboard/${mode}`, { headers: cookie() });
  const page = await response.text();
  const start = page.indexOf('id="check-requests"');
  const table = start < 0 ? '' : page.slice(start, page.indexOf('id="usage"'));
  return { page, table, csrf: /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '' };
}

const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${ctx.server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('check requests on the dashboard', () => {
  it('lists the mode’s requests: kind, who asks, status, attempts, dates; no applicant data, no link', async () => {
    const waiting = await createRequest({
      kind: 'right_to_rent',
      checker_name: 'Pat <Landlord>',
      checker_type: 'landlord',
      client_reference: 'tenant-ref-7731',
      applicant_email: 'tenant.person@example.com',
    });
    const { table } = await section('test');
    expect(table).toContain(`<code>${waiting.id}</code>`);
    expect(table).toContain('Right to rent');
    expect(table).toContain('Pat &lt;Landlord&gt;');
    expect(table).toContain('Waiting');
    expect(table).toContain(`/dashboard/test/check-requests/${waiting.id}/cancel`);
    expect(table).not.toContain('tenant.person@example.com');
    expect(table).not.toContain('tenant-ref-7731');
    expect(table).not.toContain('/r/');
    // The live tab has none of the sandbox's requests.
    const live = await section('live');
    expect(live.table).toContain('No check requests yet.');
    expect(live.table).not.toContain(waiting.id);
  });

  it('cancels a waiting request after a confirmation page; the API and the link then say cancelled', async () => {
    const request = await createRequest({ kind: 'right_to_work', company_name: 'Acme Ltd' });
    const { csrf } = await section('test');
    const path = `/dashboard/test/check-requests/${request.id}/cancel`;
    const confirm = await postForm(path, { csrf });
    expect(confirm.status).toBe(200);
    const confirmPage = await confirm.text();
    expect(confirmPage).toContain(`Cancel check request ${request.id}?`);
    expect(confirmPage).toContain('name="confirm" value="yes"');
    // Not cancelled until confirmed.
    const before = await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key: testKey });
    expect((before.body as CheckRequest).status).toBe('waiting');
    const done = await postForm(path, { csrf, confirm: 'yes' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`Check request ${request.id} cancelled.`);
    const after = await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key: testKey });
    expect((after.body as CheckRequest).status).toBe('cancelled');
    expect((await fetch(request.url ?? '')).status).toBe(410);
    const { table } = await section('test');
    const row = table.slice(table.indexOf(request.id), table.indexOf('</tr>', table.indexOf(request.id)));
    expect(row).toContain('Cancelled');
    expect(row).not.toContain('/cancel');
  });

  it('refuses to cancel what is not a waiting request of this mode, and a form without its CSRF token', async () => {
    const request = await createRequest({ kind: 'right_to_work', company_name: 'Acme Ltd' });
    const { csrf } = await section('test');
    const otherMode = await postForm(`/dashboard/live/check-requests/${request.id}/cancel`, {
      csrf,
      confirm: 'yes',
    });
    expect(otherMode.status).toBe(400);
    expect(await otherMode.text()).toContain('not one of this account’s requests for this mode');
    const unknown = await postForm(`/dashboard/test/check-requests/creq_${'x'.repeat(32)}/cancel`, { csrf });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('That check request is not a waiting request of this mode.');
    const forged = await postForm(`/dashboard/test/check-requests/${request.id}/cancel`, {
      csrf: 'forged',
      confirm: 'yes',
    });
    expect(forged.status).toBe(400);
    const still = await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key: testKey });
    expect((still.body as CheckRequest).status).toBe('waiting');
    await postForm(`/dashboard/test/check-requests/${request.id}/cancel`, { csrf, confirm: 'yes' });
    const twice = await postForm(`/dashboard/test/check-requests/${request.id}/cancel`, {
      csrf,
      confirm: 'yes',
    });
    expect(twice.status).toBe(200);
  });
});
