// `rtw-server portal probe`, the operators' canary, against the simulator: the built bin passes on
// today's pages and fails with the fingerprint when the simulator's entry pages are redesigned.
import { spawn } from 'node:child_process';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { BIN, ensureServerBuilt } from './support/processes.js';

/** Runs the built bin without blocking this process (the simulator answers from it). */
function probe(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'portal', 'probe', ...args], {
      env: { ...process.env, RTW_CHROMIUM_PATH: CHROMIUM ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(CHROMIUM === null)('rtw-server portal probe', () => {
  let sim: PortalSim;
  beforeAll(async () => {
    ensureServerBuilt();
    sim = await startPortalSim({ port: 0 });
  }, 120_000);
  afterAll(() => sim?.close());
  beforeEach(() => sim.reset());

  it('passes when every service leads to a share-code page it knows', async () => {
    const run = await probe(['--portal-sim-url', sim.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const kind of ['right_to_work', 'right_to_rent', 'immigration_status'])
      expect(run.stdout).toMatch(new RegExp(`^${kind}: recognised`, 'm'));
    // Right to work's share code is asked on the separate sign-in host.
    expect(run.stdout).toContain(new URL(sim.signInUrl).host);
  }, 60_000);

  it('exits 1 with the fingerprint when the entry page changes', async () => {
    sim.setVariants({ entryPage: 'redesigned' });
    const run = await probe(['--portal-sim-url', sim.url, '--json']);
    expect(run.code).toBe(1);
    const outcomes = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; status: string; fingerprint?: { id: string } });
    expect(outcomes.map((o) => o.status)).toEqual(['unrecognised', 'unrecognised', 'unrecognised']);
    for (const outcome of outcomes) expect(outcome.fingerprint?.id).toMatch(/^[0-9a-f]{16}$/);
  }, 60_000);

  it('points at other entry URLs, and says what is wrong with bad settings (exit 2)', async () => {
    const one = await probe([
      '--portal-url-right-to-work',
      sim.entryUrls.rightToWork,
      '--kind',
      'right_to_work',
    ]);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^right_to_work: recognised/);
    const bad = await probe(['--portal-url-right-to-rent', 'rent.example', '--kind', 'work']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/full http:\/\/ or https:\/\/ address/);
    expect(bad.stderr).toMatch(/--kind must be one of/);
  }, 60_000);
});
