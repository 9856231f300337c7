// Issue 33: the week's traps walked at a real terminal (the built rtw in a pseudo-terminal): the
// company typed at the prompt is filed, an Excel CSV with a Job title column runs, a corrected row
// runs again, and `rtw followups` tells cron in time and writes a full calendar.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTerminal, type TerminalRun } from './support/pty.js';
import { registerEnv } from './support/register-env.js';
import { DOB } from './support/scenarios.js';

const UK_DOB = DOB.split('-').reverse().join('/');
const runs: TerminalRun[] = [];
let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

const started = (run: TerminalRun): TerminalRun => {
  runs.push(run);
  return run;
};

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-week-terminal-', {
    checkedBy: 'hr.jo',
    extra: { RTW_SANDBOX_FAST: '1' },
  }));
});
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  await cleanup();
});

describe("an HR officer's week at a terminal", () => {
  it('files a check whose company was typed at the prompt, runs an Excel batch, reruns a fixed row, and alerts cron in time', async () => {
    const register = join(root, 'register');
    const check = started(
      inTerminal(
        ['check', 'right-to-work', '--sandbox', '--no-evidence', '--register', register, '--person', 'E-0'],
        env,
      ),
    );
    await check.waitFor('Share code: ');
    check.type('WACPT0001\r');
    await check.waitFor('Date of birth (DD/MM/YYYY): ');
    check.type(`${UK_DOB}\r`);
    await check.waitFor('Your organisation (and branch): ');
    check.type('Acme Ltd\r');
    // The likeness question follows an accepted check: Enter leaves it for later.
    await check.waitFor('How did you see them? in-person, video, or Enter for later: ');
    check.type('\r');
    await check.waitFor(/Next check due/);
    await check.exit;
    const receipt = JSON.parse(await readFile(join(register, 'receipts', '000001.json'), 'utf8'));
    expect(receipt.checked_by.organisation).toBe('Acme Ltd');
    expect(check.screen).toMatch(/Checked at: +\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)/);

    // Excel's "CSV UTF-8" in a semicolon locale, with a Job title column and a wrong date of birth.
    const csv = join(root, 'starters.csv');
    const rows = (dob: string) =>
      `\uFEFFEmployee No;Job title;Share code;Date of birth\r\nE-1;Clerk;WACPT0002;${UK_DOB}\r\n;;;\r\nE-2;Driver;WREJT0001;${dob}\r\n`;
    await writeFile(csv, rows('03/02/1991'));
    const batchArgs = [
      'check',
      'right-to-work',
      '--sandbox',
      '--no-evidence',
      '--company',
      'Acme Ltd',
      '--batch',
      csv,
    ];
    const first = started(inTerminal(batchArgs, env));
    expect(await first.exit).toBe(8);
    expect(first.screen).toContain('"Job title" (not part of a right-to-work check)');
    expect(first.screen).toContain('name that column label');
    expect(first.screen).toContain('row 2 (line 4): DOB_MISMATCH');
    expect(first.screen).toContain('--retry-failed');

    await writeFile(csv, rows(UK_DOB));
    const fixed = started(inTerminal(batchArgs, env));
    expect(await fixed.exit).toBe(0);
    expect(fixed.screen).toContain('1 row changed since its last run, so it runs again');
    expect(fixed.screen).toContain(`Batch ${csv}: 2 rows (1 run now, 1 already done)`);
    expect(fixed.screen).toContain('1 ACCEPTED, 1 REJECTED, 0 with errors, 0 not run');

    // The check filed above is due within a year: cron hears of it before the deadline.
    const expiry = /"follow_up":\{[^}]*"date":"(\d{4}-\d{2}-\d{2})"/.exec(JSON.stringify(receipt))?.[1] ?? '';
    expect(expiry).not.toBe('');
    const dayBefore = new Date(`${expiry}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    const ics = join(root, 'followups.ics');
    const cron = started(
      inTerminal(
        ['followups', '--register', register, '--today', dayBefore.toISOString().slice(0, 10), '--ics', ics],
        env,
      ),
    );
    expect(await cron.exit).toBe(11);
    expect(cron.screen).toContain('due within 28 days (exit code 11)');
    expect(cron.screen).toContain('1 event, every follow-up to come');
    expect(await readFile(ics, 'utf8')).toContain('BEGIN:VALARM');
  }, 90_000);
});
