// Live keys through the whole HTTP gate, with the portal driver wired by configuration
// (`portalDriver` + `portalSimUrl`, as `rtw-server start --portal-sim-url` does) against the simulator.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Database,
  openDatabase,
  type PortalSlots,
  type RunningServer,
  startServer,
} from '../src/index.js';
import { CHROMIUM, jpegSize, pdfText } from './portal-harness.js';
import { type ApiResponse, call, errorOf } from './support/api.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { newKey } from './support/test-server.js';

const RIGHT_TO_WORK = {
  share_code: 'W7K 2M9 P4Q',
  date_of_birth: '1990-04-27',
  company_name: 'Acme Widgets Ltd',
};
const RIGHT_TO_RENT = {
  share_code: 'R6T3Q9H5B',
  date_of_birth: '1992-09-14',
  checker_name: 'Northside Lettings',
  checker_type: 'agent',
};
const IMMIGRATION_STATUS = {
  share_code: 'S5N2P8R4X',
  date_of_birth: '2001-05-04',
  company_name: 'University of Leeds, admissions',
  job_title: 'Admissions officer',
  purpose: 'education_or_training',
};

interface Body {
  readonly [field: string]: unknown;
}

describe.skipIf(CHROMIUM === null)('live checks over HTTP, driven through the portal simulator', () => {
  let sim: PortalSim;
  let dir: string;
  let database: Database;
  let server: RunningServer;
  let portal: PortalSlots;
  let key: string;

  beforeAll(async () => {
    sim = await startPortalSim({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'rtw-live-http-'));
    await seedPgliteDataDir(join(dir, 'data'));
    const opened = await openDatabase({
      dataDir: join(dir, 'data'),
      databaseUrl: null,
      encryptionKey: randomBytes(32),
    });
    if (!opened.ok) throw new Error(opened.error);
    database = opened.value;
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      env: {},
      database,
      sweepIntervalMs: 0,
      logLevelOverride: 'silent',
      portalDriver: true,
      portalSimUrl: sim.url,
      checkSlots: 2,
      checkTimeout: 30,
      ...(CHROMIUM ? { chromiumPath: CHROMIUM } : {}),
    });
    if (!server.portal) throw new Error('the portal driver did not start');
    portal = server.portal;
    key = (await newKey(server.admin, 'scale', 'live')).key;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => sim.reset());

  const check = (path: string, json: Body) => call(server.url, 'POST', path, { key, json });

  it('answers a right-to-work check with the portal result, photo and PDF (contract-checked)', async () => {
    const response = await check('/api/check', RIGHT_TO_WORK);
    expect(response.status).toBe(200);
    const body = response.body as Body;
    expect(body).toMatchObject({ outcome: 'ACCEPTED', title: 'Right to work', name: 'ANA MARÍA LÓPEZ' });
    expect(jpegSize(body.photo_data_url as string).width).toBeGreaterThan(0);
    expect((await pdfText(body.pdf_data_url as string)).text).toContain('ANA MARÍA LÓPEZ');
    expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('answers right to rent and immigration status', async () => {
    const rent = await check('/api/check/right-to-rent', RIGHT_TO_RENT);
    expect(rent.status).toBe(200);
    expect(rent.body).toMatchObject({
      title: 'Right to rent',
      name: 'KWAME MENSAH',
      expiry_date: '2029-03-31',
    });
    const status = await check('/api/check/immigration-status', IMMIGRATION_STATUS);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      title: 'Immigration status',
      name: 'CHEN JING',
      purpose: 'Education or training',
      valid_until: '2028-01-31',
    });
    expect((await pdfText((status.body as Body).pdf_data_url as string)).text).toContain('CHEN JING');
  });

  it('maps portal answers to the spec errors: "do not match our records" 404, unavailable portal 504', async () => {
    // Right to work shows one page for a wrong code and a wrong date of birth: NOT_FOUND naming both.
    const mismatch = await check('/api/check', { ...RIGHT_TO_WORK, date_of_birth: '1990-04-28' });
    expect(mismatch.status).toBe(404);
    expect(errorOf(mismatch).code).toBe('NOT_FOUND');
    sim.setFaults({ error: { kind: 'http-503' } });
    const down = await check('/api/check/right-to-rent', RIGHT_TO_RENT);
    expect(down.status).toBe(504);
    expect(errorOf(down).code).toBe('TIMEOUT');
  });

  it('answers 503 BUSY with Retry-After at once when every slot is in use, then runs once one frees', async () => {
    // Each check waits 2.5 s on its result page, so four sent together overlap: two run, two are refused.
    sim.setFaults({ latency: { ms: 2_500, on: 'result' } });
    const responses = await Promise.all([1, 2, 3, 4].map(() => check('/api/check', RIGHT_TO_WORK)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    for (const refused of responses.filter((r) => r.status === 503)) {
      expect(errorOf(refused).code).toBe('BUSY');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(portal.stats().inUse).toBe(0);
    sim.resetFaults();
    expect((await check('/api/check', RIGHT_TO_WORK)).status).toBe(200);
  });

  it('survives Chromium being killed mid-check: that check fails, the next ones succeed', async () => {
    const launchesBefore = portal.stats().launches;
    // The result page never answers, so the check is surely mid-way (past its first pages) when killed.
    sim.setFaults({ error: { kind: 'hang', on: 'result' } });
    const inFlight: Promise<ApiResponse> = check('/api/check', RIGHT_TO_WORK);
    await expect.poll(() => portal.stats().inUse, { timeout: 10_000, interval: 20 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(portal.testHooks.browserPid()).toEqual(expect.any(Number));
    expect(portal.testHooks.killBrowser()).toBe(true);
    const killed = await inFlight;
    expect(killed.status).toBe(500);
    expect(errorOf(killed).code).toBe('INTERNAL');
    sim.resetFaults();
    const after = await Promise.all([
      check('/api/check', RIGHT_TO_WORK),
      check('/api/check/immigration-status', IMMIGRATION_STATUS),
    ]);
    expect(after.map((r) => r.status)).toEqual([200, 200]);
    expect(portal.stats()).toMatchObject({ launches: launchesBefore + 1, browserConnected: true });
    expect(portal.stats().replacements).toBeGreaterThanOrEqual(1);
  });
});
