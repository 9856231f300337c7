// The check slots over a real Chromium: recycling, a hung browser, and reading photos the portal
// might serve in other ways than a JPEG data: URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deadline } from '../src/portal/deadline.js';
import {
  bmp,
  CHROMIUM,
  jpegSize,
  launchTestSlots,
  resultOf,
  runCheck,
  simRunner,
  validRequest,
} from './portal-harness.js';

const ANA = () =>
  validRequest('right_to_work', {
    share_code: 'W7K2M9P4Q',
    date_of_birth: '1990-04-27',
    company_name: 'Acme Widgets Ltd',
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A page like a portal's that shows the photo inline (not as a JPEG) and as a PNG address on its own
// origin. The driver runs no page script, so the inline image is in the markup.
const PAGE = `<!doctype html><title>Photo</title><main>
<img id="inline" alt="Photo (inline BMP)" src="data:image/bmp;base64,${bmp(40, 50).toString('base64')}">
<img id="remote" alt="Photo (address)" src="/photo.png">
</main>`;
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(CHROMIUM === null)('check slots over a real Chromium', () => {
  let sim: PortalSim;
  let pages: Server;
  let pagesUrl: string;

  beforeAll(async () => {
    sim = await startPortalSim({ port: 0 });
    pages = createServer((req, res) => {
      if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await sim?.close();
    await new Promise((resolve) => pages?.close(resolve));
  });

  it('recycles the browser after N checks: a new process, the old one gone once drained', async () => {
    const slots = await launchTestSlots({ slots: 1, recycleAfterChecks: 2 });
    try {
      const runner = simRunner(slots, sim);
      const firstPid = slots.testHooks.browserPid();
      expect(firstPid).toEqual(expect.any(Number));
      resultOf(await runCheck(runner, ANA()));
      resultOf(await runCheck(runner, ANA()));
      resultOf(await runCheck(runner, ANA()));
      expect(slots.stats()).toMatchObject({ launches: 2, recycles: 1, replacements: 0 });
      expect(slots.testHooks.browserPid()).not.toBe(firstPid);
      await expect.poll(() => alive(firstPid ?? 0), { timeout: 10_000 }).toBe(false);
    } finally {
      await slots.close();
    }
  });

  it("tells a check's own time from the portal's: the simulator's latency is the portal's, not the service's", async () => {
    const slots = await launchTestSlots({ slots: 1 });
    const parts: { ownMs: number; wallMs: number }[] = [];
    const ended: number[] = [];
    const sum = (key: 'ownMs' | 'wallMs') => parts.reduce((total, part) => total + part[key], 0);
    try {
      const runner = simRunner(slots, sim, {
        overhead: { observe: (part) => parts.push(part), checkEnded: (count) => ended.push(count) },
      });
      resultOf(await runCheck(runner, ANA()));
      parts.length = 0;
      // 400 ms on each of right to work's 9 delayed requests (the GOV.UK start page is not delayed).
      sim.setFaults({ latency: { ms: 400 } });
      const started = performance.now();
      try {
        resultOf(await runCheck(runner, ANA()));
      } finally {
        sim.resetFaults();
      }
      const wall = performance.now() - started;
      expect(ended).toEqual([expect.any(Number), parts.length]);
      expect(parts.length).toBeGreaterThanOrEqual(5);
      // The parts cover the check from admission to its result.
      expect(sum('wallMs')).toBeLessThanOrEqual(wall + 1);
      expect(sum('wallMs')).toBeGreaterThan(wall - 500);
      const portal = sum('wallMs') - sum('ownMs');
      expect(portal).toBeGreaterThanOrEqual(9 * 400 - 50);
      expect(sum('ownMs')).toBeGreaterThan(0);
      expect(sum('ownMs')).toBeLessThan(wall - 9 * 400 + 50);
    } finally {
      await slots.close();
    }
  });

  it('gives up on a browser that hangs mid-check: that check times out, the next runs on a new browser', async () => {
    const slots = await launchTestSlots({ slots: 1, graceMs: 300, closeTimeoutMs: 500 });
    try {
      // One check first, so the browser has finished starting (and opened its next session ahead):
      // on a loaded machine the stop must not land while the browser is still opening the session.
      resultOf(await runCheck(simRunner(slots, sim), ANA()));
      // The result page never answers: the check is surely past its first pages when the browser stops.
      sim.setFaults({ services: { rightToWork: { error: { kind: 'hang', on: 'result' } } } });
      const runner = simRunner(slots, sim, { checkTimeoutMs: 3_000 });
      const pid = slots.testHooks.browserPid();
      if (pid === null) throw new Error('no browser pid');
      const inFlight = runCheck(runner, ANA());
      await expect.poll(() => slots.stats().inUse).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      process.kill(pid, 'SIGSTOP');
      const hung = await inFlight;
      // The message says which path failed when it is not a timeout.
      expect(hung.ok ? 'succeeded' : `${hung.error.code}: ${hung.error.message}`).toMatch(/^TIMEOUT:/);
      // Its context would not close: the browser was killed, to be replaced at the next check.
      expect(slots.stats().replacements).toBe(1);
      await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
      sim.resetFaults();
      expect(resultOf(await runCheck(simRunner(slots, sim), ANA())).name).toBe('ANA MARÍA LÓPEZ');
      expect(slots.testHooks.browserPid()).not.toBe(pid);
    } finally {
      sim.resetFaults();
      await slots.close();
    }
  });

  it('kills and replaces an idle browser that fails its health probe', async () => {
    const slots = await launchTestSlots({ slots: 1, probeIntervalMs: 200, probeTimeoutMs: 500 });
    try {
      const pid = slots.testHooks.browserPid();
      if (pid === null) throw new Error('no browser pid');
      process.kill(pid, 'SIGSTOP');
      await expect.poll(() => slots.stats().replacements, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
      expect(resultOf(await runCheck(simRunner(slots, sim), ANA())).name).toBe('ANA MARÍA LÓPEZ');
      expect(slots.stats().launches).toBe(2);
    } finally {
      await slots.close();
    }
  });

  it('reads a photo that is not a JPEG, inline or by address, as a JPEG data URL', async () => {
    const slots = await launchTestSlots({ slots: 1 });
    try {
      const run = await slots.run(async (session, deadline: Deadline) => {
        const page = await session.openPage();
        await page.goto(pagesUrl, deadline);
        const snapshot = await page.snapshot();
        const [inline, remote] = snapshot.images;
        if (!inline || !remote) throw new Error('images missing');
        return { inline: await page.photo(inline), remote: await page.photo(remote) };
      }, 10_000);
      if (run.kind !== 'done') throw new Error(`slot run ${run.kind}`);
      expect(jpegSize(run.value.inline)).toEqual({ width: 40, height: 50 });
      expect(jpegSize(run.value.remote)).toEqual({ width: 1, height: 1 });
    } finally {
      await slots.close();
    }
  });
});
