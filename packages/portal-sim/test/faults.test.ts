import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { codeAndDate, immigrationStatus, rightToWork, submit } from './helpers/flows.js';
import { h1, main, summaryRows, title } from './helpers/html.js';

let sim: PortalSim;
let nowMs = Date.parse('2026-05-04T12:00:00Z');

beforeAll(async () => {
  sim = await startPortalSim({ clock: () => new Date(nowMs), immigrationStatusEntry: 'view-start' });
});
afterEach(() => sim.resetFaults());
afterAll(() => sim.close());

describe('latency', () => {
  it('delays each request of the service by a fixed time', async () => {
    expect(sim.setFaults({ services: { rightToWork: { latency: { ms: 300 } } } }).ok).toBe(true);
    const client = new Client(sim.url);
    const started = performance.now();
    await client.get(sim.entryUrls.rightToWork);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // Another service is not delayed: with right to work held for a minute, right to rent still answers.
    sim.setFaults({ services: { rightToWork: { latency: { ms: 60_000 } } } });
    expect((await client.get(sim.entryUrls.rightToRent)).status).toBe(200);
  });

  it('draws from a range, and only where scoped (here: the lookup)', async () => {
    // The lookup is held for a minute, so only the unscoped steps can answer: no upper wall-clock
    // bound is needed to tell them apart (a loaded machine may be slow, never a minute slow).
    sim.setFaults({ latency: { minMs: 60_000, maxMs: 60_000, on: 'lookup' } });
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.immigrationStatus);
    const dob = await submit(client, start, { shareCode: 'S3F7J1K9M' });
    expect(dob.status).toBe(200);
    const lookup = submit(
      client,
      dob,
      { 'dob-day': '21', 'dob-month': '3', 'dob-year': '1983' },
      {
        signal: AbortSignal.timeout(1_000),
      },
    );
    await expect(lookup).rejects.toThrow();
    // And a range is drawn from: every delay lands within it (lower bound only: sleeps never end early).
    sim.setFaults({ latency: { minMs: 200, maxMs: 260, on: 'lookup' } });
    const again = new Client(sim.url);
    const dob2 = await submit(again, await again.get(sim.entryUrls.immigrationStatus), {
      shareCode: 'S3F7J1K9M',
    });
    const slow = performance.now();
    await submit(again, dob2, { 'dob-day': '21', 'dob-month': '3', 'dob-year': '1983' });
    expect(performance.now() - slow).toBeGreaterThanOrEqual(190);
  });

  it('with the realistic preset (15 to 40 s) does not answer within a second', async () => {
    sim.setFaults({ latency: { preset: 'realistic' } });
    await expect(
      new Client(sim.url).get(sim.entryUrls.rightToRent, { signal: AbortSignal.timeout(1000) }),
    ).rejects.toThrow();
  });
});

describe('error pages', () => {
  it('serves "Sorry, there is a problem with the service" with HTTP 200', async () => {
    sim.setFaults({ error: { kind: 'problem-page' } });
    const page = await new Client(sim.url).get(sim.entryUrls.rightToWork);
    expect(page.status).toBe(200);
    expect(h1(page.html)).toBe('Sorry, there is a problem with the service');
    expect(title(page.html)).toBe(
      "Sorry, there is a problem with the service - View a job applicant's right to work details - GOV.UK",
    );
  });

  it('serves the problem page with HTTP 500', async () => {
    sim.setFaults({ error: { kind: 'http-500' } });
    const page = await new Client(sim.url).get(sim.entryUrls.immigrationStatus);
    expect(page.status).toBe(500);
    expect(main(page.html)).toContain('Sorry, there is a problem with the service Try again later.');
  });

  it('serves "Sorry, the service is unavailable" with HTTP 503, on one service only', async () => {
    sim.setFaults({ services: { rightToRent: { error: { kind: 'http-503' } } } });
    const client = new Client(sim.url);
    const down = await client.get(sim.entryUrls.rightToRent);
    expect(down.status).toBe(503);
    expect(h1(down.html)).toBe('Sorry, the service is unavailable');
    const up = await client.get(sim.entryUrls.rightToWork);
    expect(up.status).toBe(200);
  });

  it('fails only the result when scoped to it', async () => {
    sim.setFaults({ error: { kind: 'http-500', on: 'result' } });
    const page = await rightToWork(new Client(sim.url), sim, { shareCode: 'W3H8D2L6T', dob: '1985-11-03' });
    expect(page.url).toBe('/right-to-work/rtw-view/profile');
    expect(page.status).toBe(500);
  });

  it('never answers a hung request, and close() still ends promptly', async () => {
    const hung = await startPortalSim({ faults: { error: { kind: 'hang' } } });
    const pending = new Client(hung.url).get(hung.entryUrls.rightToWork, {
      signal: AbortSignal.timeout(500),
    });
    await expect(pending).rejects.toThrow();
    const stillPending = fetch(hung.entryUrls.rightToWork).then(
      () => 'answered',
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 50));
    await hung.close(); // resolves although a request still hangs (else the test times out)
    expect(await stillPending).toBe('dropped');
  });
});

describe('changed page shape', () => {
  it('renames the result headings, labels and ids so the page is no longer recognisable', async () => {
    sim.setFaults({ pageShape: 'changed' });
    const rtw = await rightToWork(new Client(sim.url), sim, { shareCode: 'W7K2M9P4Q', dob: '1990-04-27' });
    expect(h1(rtw.html)).not.toBe('Right to work');
    expect(rtw.html).not.toContain('id="profileImage"');
    expect(main(rtw.html)).not.toContain('Details of check');
    expect(main(rtw.html)).not.toContain('They have permission to work in the UK');
    expect(summaryRows(rtw.html).has('Reference number')).toBe(false);
    const vis = await immigrationStatus(new Client(sim.url), sim, {
      shareCode: 'S3F7J1K9M',
      dob: '1983-03-21',
    });
    expect(h1(vis.html)).not.toBe('Their immigration status');
    expect(vis.html).not.toContain('id="checkReferenceNumber"');
    expect(vis.html).not.toContain('id="photo"');
  });
});

describe('session timeout', () => {
  it('expires at once with 0 seconds, showing the timed-out page and losing the answers', async () => {
    sim.setFaults({ services: { immigrationStatus: { sessionTimeoutSeconds: 0 } } });
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.immigrationStatus);
    const after = await submit(client, start, { shareCode: 'S3F7J1K9M' });
    expect(h1(after.html)).toBe('Your session has timed out');
    expect(main(after.html)).toContain('You will have to start again.');
    sim.resetFaults();
    // The answers are gone: the next step sends the visitor to the start.
    const lost = await client.get('/view-immigration-status/view/date-of-birth');
    expect(lost.url).toBe('/view-immigration-status/view/start');
  });

  it('expires after N idle seconds by the simulator clock', async () => {
    sim.setFaults({ sessionTimeoutSeconds: 60 });
    const client = new Client(sim.url);
    const dob = await codeAndDate(client, sim.entryUrls.rightToWork, 'W3H8D2L6T', '1985-11-03');
    expect(dob.url).toBe('/right-to-work/rtw-view/company-name');
    nowMs += 59_000;
    const stillThere = await client.get('/right-to-work/rtw-view/company-name');
    expect(stillThere.url).toBe('/right-to-work/rtw-view/company-name');
    nowMs += 61_000;
    const expired = await submit(client, stillThere, { checkerName: 'Acme' });
    expect(h1(expired.html)).toBe('Your session has timed out');
    expect(main(expired.html)).toContain('did not do anything for 1 minute');
  });
});

describe('admin endpoint /__sim', () => {
  it('reads, sets and clears faults over HTTP, refusing bad input with every problem', async () => {
    const put = await fetch(`${sim.url}/__sim/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ services: { rightToWork: { error: { kind: 'http-503' } } } }),
    });
    expect(put.status).toBe(200);
    expect(sim.faults()).toEqual({ services: { rightToWork: { error: { kind: 'http-503' } } } });
    expect((await new Client(sim.url).get(sim.entryUrls.rightToWork)).status).toBe(503);

    const bad = await fetch(`${sim.url}/__sim/faults`, {
      method: 'PUT',
      body: JSON.stringify({ error: { kind: 'explode' }, latency: { ms: -1 }, services: { nope: {} } }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; problems: string[] } };
    expect(body.error.code).toBe('INVALID_INPUT');
    expect(body.error.problems).toHaveLength(3);
    expect(sim.faults()).toEqual({ services: { rightToWork: { error: { kind: 'http-503' } } } });

    const notJson = await fetch(`${sim.url}/__sim/faults`, { method: 'PUT', body: '{' });
    expect(notJson.status).toBe(400);

    const got = (await (await fetch(`${sim.url}/__sim/faults`)).json()) as { faults: unknown };
    expect(got.faults).toEqual(sim.faults());
    const cleared = await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(sim.faults()).toEqual({});
    expect((await new Client(sim.url).get(sim.entryUrls.rightToWork)).status).toBe(200);
  });

  it('describes itself and lists the people without photos', async () => {
    const summary = (await (await fetch(`${sim.url}/__sim`)).json()) as { baseUrls: Record<string, string> };
    expect(summary.baseUrls).toEqual(sim.baseUrls);
    const people = (await (await fetch(`${sim.url}/__sim/people`)).json()) as {
      people: Record<string, unknown>[];
    };
    expect(people.people).toHaveLength(sim.people.length);
    expect(people.people[0]).not.toHaveProperty('photoDataUrl');
    expect((await fetch(`${sim.url}/__sim/nothing`)).status).toBe(404);
  });

  it('refuses invalid faults through the library too, leaving the old ones', () => {
    sim.setFaults({ pageShape: 'changed' });
    const result = sim.setFaults({ latency: { minMs: 10, maxMs: 5 } });
    expect(result.ok).toBe(false);
    expect(sim.faults()).toEqual({ pageShape: 'changed' });
  });
});
