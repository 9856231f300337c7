// Operators learn when a portal page changes: an unknown page is kept as a redacted fingerprint,
// counted per kind, logged once per new fingerprint, and shown by GET /healthz/portal, with none of
// the values typed or shown on the page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { dashboardSignIn } from './support/dashboard.js';
import { LIVE_OPERATOR_TOKEN, type LiveServer, startLiveServer } from './support/live-server.js';
import { newKey } from './support/test-server.js';

const REQUEST = {
  share_code: 'W7K 2M9 P4Q',
  date_of_birth: '1990-04-27',
  company_name: 'Zephyrine Quokka Foods',
};
/** Everything of the request and of the person the page shows, in the forms a page could write them. */
const PERSONAL = [
  /W7K\s*2M9\s*P4Q/i,
  /1990-04-27/,
  /27\s+April\s+1990/i,
  /27\/0?4\/1990/,
  /Zephyrine|Quokka/i,
  /L[óo]pez/i,
  /Ana\s+Mar[íi]a/i,
];

interface PortalHealthBody {
  status: string;
  portal_driver: boolean;
  kinds: Record<
    string,
    {
      last_success_at: string | null;
      last_unrecognised: {
        at: string;
        fingerprint: { id: string; host: string; path: string; headings: string[] };
      } | null;
      unrecognised_pages: { id: string; count: number }[];
      last_hour: { checks: number; upstream_unexpected: number; upstream_unexpected_rate: number | null };
    }
  >;
}

describe.skipIf(CHROMIUM === null)('the portal health answer', () => {
  let live: LiveServer;
  beforeAll(async () => {
    live = await startLiveServer();
  });
  afterAll(() => live?.close());
  beforeEach(() => live.sim.reset());

  const health = async () => {
    // Plain fetch: the operator endpoint is outside the API contract that `call` checks against.
    const response = await fetch(`${live.server.url}/healthz/portal`, {
      headers: { authorization: `Bearer ${LIVE_OPERATOR_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { body: JSON.parse(text) as PortalHealthBody, text };
  };

  it('shows the last success, then a changed page as a redacted fingerprint, counted and logged once', async () => {
    expect((await live.check('/api/check', REQUEST)).status).toBe(200);
    const before = (await health()).body.kinds.right_to_work;
    expect(before?.last_success_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(before?.last_unrecognised).toBeNull();

    // A redesigned result page: the person's name, date of birth and the typed company are on it.
    live.sim.setFaults({ services: { rightToWork: { pageShape: 'changed' } } });
    for (let i = 0; i < 2; i += 1) {
      const failed = await live.check('/api/check', REQUEST);
      expect(failed.status).toBe(502);
    }
    const { body, text } = await health();
    const rtw = body.kinds.right_to_work;
    expect(rtw?.last_unrecognised?.fingerprint).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      path: expect.stringContaining('/right-to-work/'),
      headings: expect.arrayContaining([expect.stringMatching(/^h1 /)]),
    });
    expect(rtw?.unrecognised_pages).toEqual([expect.objectContaining({ count: 2 })]);
    expect(rtw?.last_hour).toMatchObject({ checks: 3, upstream_unexpected: 2 });
    expect(rtw?.last_hour.upstream_unexpected_rate).toBeCloseTo(2 / 3);
    expect(body.kinds.right_to_rent?.last_hour.checks).toBe(0);

    const id = rtw?.last_unrecognised?.fingerprint.id;
    // Without the operator token: whether each portal is healthy, and nothing else.
    const open = await fetch(`${live.server.url}/healthz/portal`);
    expect(open.status).toBe(200);
    const openText = await open.text();
    expect(JSON.parse(openText).kinds).toEqual({
      right_to_work: { healthy: false },
      right_to_rent: { healthy: true },
      immigration_status: { healthy: true },
    });
    expect(openText).not.toContain(String(id));

    const newPage = live.logs.filter((line) => /new page shape/.test(String(line.msg)));
    expect(newPage).toHaveLength(1);
    expect(newPage[0]).toMatchObject({ kind: 'right_to_work', fingerprint: { id } });
    // The account owner reads the same on the live dashboard, in words.
    const { accountId } = await newKey(live.server.admin, 'free', 'live');
    const account = await live.server.admin.getAccount(accountId);
    if (!account.ok) throw new Error(account.error);
    expect((await live.server.dashboardAdmin.setPassword(accountId, 'a long enough password')).ok).toBe(true);
    const { session } = await dashboardSignIn(live.server.url, account.value.email, 'a long enough password');
    const dashboard = await (
      await fetch(`${live.server.url}/dashboard/live`, { headers: { cookie: `rtw_session=${session}` } })
    ).text();
    expect(dashboard).toContain('Government portals');
    expect(dashboard).toMatch(/In the last hour 2 of 3 live checks \(67%\) failed/);
    expect(dashboard).toContain(`page ${id} on`);

    const logText = JSON.stringify(live.logs);
    for (const pattern of PERSONAL) {
      expect(text, `health answer: ${pattern}`).not.toMatch(pattern);
      expect(logText, `log: ${pattern}`).not.toMatch(pattern);
      expect(dashboard, `dashboard: ${pattern}`).not.toMatch(pattern);
    }
  });
});
