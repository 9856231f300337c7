// The SDK's check-request methods end to end against the MSW sandbox, with the sandbox playing the
// applicant: the types' promises (a submitted request's check has its kind's result) hold at run time.
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isCheckRequestClosed, isCheckRequestNotFound, ShareCodeClient } from '../src/index.js';
import { API_KEY } from './sandbox-helpers.js';

const { server, sandbox } = setupSandboxServer({ delays: { startMs: 0, runMs: 0, retryScheduleMs: [0, 0] } });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => sandbox.reset());
afterAll(() => server.close());

const client = new ShareCodeClient({ apiKey: API_KEY });

describe('check requests through the SDK, against the sandbox', () => {
  it('create, the applicant sends, waitForCheckRequest resolves submitted with the typed result', async () => {
    const request = await client.createCheckRequest({
      kind: 'right_to_rent',
      checker_name: 'Hill Lettings',
      checker_type: 'landlord',
      client_reference: 'tenant-7',
    });
    expect(request).toMatchObject({ kind: 'right_to_rent', status: 'waiting', check: null });
    expect(request.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/r\/[A-Za-z0-9]{32}$/);
    expect(request.requestId).toMatch(/^req_/);

    const sent = await sandbox.submitAsApplicant(request, {
      shareCode: 'RACPT0001',
      dateOfBirth: '1990-01-01',
    });
    expect(sent.outcome).toBe('sent');
    const ended = await client.waitForCheckRequest(request, { intervalMs: 10, timeoutMs: 5000 });
    if (ended.status !== 'submitted' || ended.check.result_expired) throw new Error(`ended ${ended.status}`);
    expect(ended.check.result.title).toBe('Right to rent');
    expect(ended.check.result.recheck_date).not.toBeUndefined();
    expect(ended.check.check_request_id).toBe(request.id);
    expect(ended.url).toBeNull();
  });

  it('lists, locks after three failures, and refuses to cancel what has ended', async () => {
    const request = await client.createCheckRequest({ kind: 'right_to_work', company_name: 'Acme Ltd' });
    for (let i = 0; i < 3; i++)
      await sandbox.submitAsApplicant(request.url, { shareCode: 'WNFND0001', dateOfBirth: '1990-01-01' });
    const locked = await client.getCheckRequest(request.id);
    expect(locked).toMatchObject({ status: 'locked', failed_attempts: 3, check: { status: 'failed' } });
    const page = await client.listCheckRequests({ status: 'locked' });
    expect(page.data.map((r) => r.id)).toEqual([request.id]);
    expect(page.next_cursor).toBeNull();
    await expect(client.cancelCheckRequest(request.id)).rejects.toSatisfy(isCheckRequestClosed);
    await expect(client.getCheckRequest(`creq_${'0'.repeat(32)}`)).rejects.toSatisfy(isCheckRequestNotFound);
  });

  it('pages through every request with next_cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await client.createCheckRequest({ kind: 'right_to_work', company_name: `Co ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listCheckRequests({ limit: 2, cursor });
      seen.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen.sort()).toEqual(ids.sort());
    const cancelled = await client.cancelCheckRequest(ids[0] ?? '');
    expect(cancelled.status).toBe('cancelled');
  });
});
