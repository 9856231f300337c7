// An HR officer's week with the register, in a pseudo-terminal (the built rtw): a check whose share
// code and date of birth are typed, with the likeness asked for after it; the excuse in `register
// list` and `show`; a follow-up check of the same person without --person; a leaver; an evidence pack.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTerminal, type TerminalRun } from './support/pty.js';
import { registerEnv, registerWithOlderCheck } from './support/register-env.js';
import { DOB } from './support/scenarios.js';

const UK_DOB = DOB.split('-').reverse().join('/');
// A sandbox right-to-work check for Acme Ltd: every run below starts so.
const ACME_SANDBOX_CHECK = ['check', 'right-to-work', '--sandbox', '--company', 'Acme Ltd'];
// The share code and date of birth of an accepted sandbox check, given as flags.
const ACCEPTED_CODE = ['--share-code', 'WACPT0001', '--dob', DOB];
const runs: TerminalRun[] = [];
let root = '';
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-week-', {
    register: true,
    checkedBy: 'Jo Smith',
    extra: { RTW_SANDBOX_FAST: '1' },
  }));
});
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  await cleanup();
});

function terminal(args: string[]): TerminalRun {
  const run = inTerminal(args, env);
  runs.push(run);
  return run;
}

async function finished(args: string[]): Promise<{ code: number | null; screen: string }> {
  const run = terminal(args);
  const code = await run.exit;
  return { code, screen: run.screen };
}

describe("an HR officer's week with the statutory excuse", () => {
  it('checks, records the likeness, follows up, records a leaver and packs the evidence', async () => {
    // Monday: a starter, checked at the terminal; the likeness is asked for after the check.
    const check = terminal([...ACME_SANDBOX_CHECK, '--register', '--person', 'EMP-7']);
    await check.waitFor('Share code: ');
    check.type('WACPT0001\r');
    await check.waitFor('Date of birth (DD/MM/YYYY): ');
    check.type(`${UK_DOB}\r`);
    await check.waitFor('How did you see them? in-person, video, or Enter for later: ');
    check.type('video\r');
    expect(await check.exit).toBe(0);
    expect(check.screen).toContain('Likeness:         video by Jo Smith');
    expect(check.screen).toMatch(/Register: +filed as receipt 1 under WE-K7Q2M9A-TP/);
    // The check's day, as the register records it (UTC): the leaver's last day below.
    const today =
      /Check date: +(\d{4}-\d{2}-\d{2})/.exec(check.screen)?.[1] ?? new Date().toISOString().slice(0, 10);

    // The list and one person: a sandbox check is never an excuse, and nothing else is missing.
    const list = await finished(['register', 'list']);
    expect(list.code).toBe(0);
    expect(list.screen).toMatch(/INCOMPLETE +right to work +EMP-7 \(PRIYA ANJALI SHARMA\)/);
    const show = await finished(['register', 'show', 'EMP-7']);
    expect(show.screen).toMatch(
      /Excuse: +incomplete: a sandbox check \(test data\), not a check of a real person\n/,
    );
    expect(show.screen).toMatch(/likeness video by Jo Smith/);

    // Wednesday: a follow-up check of the same person, without --person: filed under EMP-7.
    const followUp = terminal([
      ...ACME_SANDBOX_CHECK,
      '--register',
      '--share-code',
      'WACPT0001',
      '--dob',
      DOB,
    ]);
    await followUp.waitFor('How did you see them?');
    followUp.type('\r');
    expect(await followUp.exit).toBe(0);
    expect(followUp.screen).toContain('Filed under EMP-7: the same share code as their earlier check.');
    const again = await finished(['register', 'list']);
    expect(again.screen).toMatch(/1 person in the register/);
    expect(again.screen).toMatch(/INCOMPLETE +right to work +EMP-7 .*no likeness check recorded/);
    const confirmed = await finished([
      'register',
      'confirm-likeness',
      'EMP-7',
      '--how',
      'in-person',
      '--by',
      'Jo Smith',
    ]);
    expect(confirmed.code).toBe(0);

    // Friday: a leaver, then the evidence pack for an audit.
    const leaver = await finished(['register', 'set', 'EMP-7', '--employment-ended', today]);
    expect(leaver.code).toBe(0);
    expect(leaver.screen).toContain('Keep the evidence until');
    const later = await finished(['register', 'show', 'EMP-7', '--today', '2099-01-01']);
    expect(later.screen).toMatch(
      /Excuse: +ended: the employment ended on \d{4}-\d{2}-\d{2}; keep the evidence until/,
    );
    const out = join(root, 'emp-7.pdf');
    const pack = await finished(['register', 'pack', 'EMP-7', '--out', out]);
    expect(pack.code).toBe(0);
    expect(pack.screen).toMatch(/SHA-256: [0-9a-f]{64}/);
    expect((await stat(out)).size).toBeGreaterThan(1000);
  }, 120_000);
});

describe('Ctrl-C at a question after a check has run', () => {
  it('files the check first, as a new entry, then stops (exit 130)', async () => {
    // Filed before dates of birth were kept: the same name is a candidate, so the question comes.
    const dir = await registerWithOlderCheck(join(root, 'older'), env);
    const check = terminal([...ACME_SANDBOX_CHECK, '--register', dir, ...ACCEPTED_CODE]);
    await check.waitFor('Type their id to file it under them, or Enter for a new entry: ');
    check.type('\x03');
    expect(await check.exit).toBe(130);
    expect(check.screen).toContain('The check had run, so it was filed first, as a new entry (receipt 2)');
    const list = await finished(['register', 'list', '--register', dir]);
    expect(list.screen).toMatch(/2 people in the register/);
  }, 60_000);

  it('at "How did you see them?" is "later", as Enter is: the check stays filed, and rtw says what to run', async () => {
    const dir = join(root, 'likeness-later');
    const check = terminal([...ACME_SANDBOX_CHECK, '--register', dir, ...ACCEPTED_CODE]);
    await check.waitFor('How did you see them? in-person, video, or Enter for later: ');
    check.type('\x03');
    expect(await check.exit).toBe(0);
    expect(check.screen).toMatch(/Register: +filed as receipt 1/);
    expect(check.screen).toMatch(/Likeness: +not recorded\. Compare the photo with the person/);
    // Whole commands, one a way, each safe to paste as it is (RTW_CHECKED_BY names who compared).
    expect(check.screen).toContain('  rtw register confirm-likeness WE-K7Q2M9A-TP --how in-person\n');
    expect(check.screen).toContain('  rtw register confirm-likeness WE-K7Q2M9A-TP --how video\n');
    expect(check.screen).not.toContain('Interrupted');
  }, 60_000);
});
