// Issue 33, the week's traps outside batches: the company typed at the prompt is recorded, dates are
// read one way everywhere, times are UK times, and help says what each command prints.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonTime } from '../src/render/london-time.js';
import { registerEnv } from './support/register-env.js';
import { runMain } from './support/run-main.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-week-cli-', {
    checkedBy: 'hr.jo',
    extra: { NO_COLOR: '1', CI: '1' },
  }));
});
afterAll(() => cleanup());

const CHECK = ['check', 'right-to-work', '--sandbox', '--no-evidence', '--share-code', 'WACPT0001'];

async function organisation(register: string): Promise<unknown> {
  const text = await readFile(join(register, 'receipts', '000001.json'), 'utf8');
  return (JSON.parse(text) as { checked_by?: { organisation?: unknown } }).checked_by?.organisation;
}

describe('the company typed at the prompt', () => {
  it('is recorded in the receipt exactly as --company is', async () => {
    const typed = join(root, 'typed');
    const run = await runMain(
      [...CHECK, '--dob', SANDBOX_DATE_OF_BIRTH, '--register', typed],
      env,
      undefined,
      ['Acme Ltd, Leeds'],
    );
    expect(run.asked[0]).toBe('Your organisation (and branch): ');
    expect(run.code, run.stderr).toBe(0);
    const flagged = join(root, 'flagged');
    await runMain(
      [...CHECK, '--dob', SANDBOX_DATE_OF_BIRTH, '--company', 'Acme Ltd, Leeds', '--register', flagged],
      env,
    );
    // Before: "organisation": null for the company typed at the prompt.
    expect(await organisation(typed)).toBe('Acme Ltd, Leeds');
    expect(await organisation(typed)).toBe(await organisation(flagged));
  });
});

describe('dates', () => {
  it('an impossible date of birth says it is not a real date, not that it is written wrongly', async () => {
    const run = await runMain([...CHECK, '--company', 'Acme', '--dob', '31/02/1990'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--dob is not a real calendar date');
    expect(run.stderr).not.toContain('must be a date written as');
    // The date of birth is personal data: the message does not repeat it.
    expect(run.stderr).not.toContain('31/02/1990');
  });

  it('register set and --today read DD/MM/YYYY as checks do, and name an impossible day', async () => {
    const register = join(root, 'dates');
    const filed = await runMain(
      [
        ...CHECK,
        '--dob',
        SANDBOX_DATE_OF_BIRTH,
        '--company',
        'Acme',
        '--register',
        register,
        '--person',
        'E-1',
      ],
      env,
    );
    expect(filed.code, filed.stderr).toBe(0);
    const reference = /filed as receipt 1 under (\S+)/.exec(filed.stdout)?.[1] ?? '';
    // Before: refused, "Use a real date as YYYY-MM-DD."
    const set = await runMain(
      ['register', 'set', reference, '--employment-ended', '31/12/2026', '--register', register],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('ended 2026-12-31');
    const impossible = await runMain(
      ['register', 'set', reference, '--employment-ended', '31/02/2026', '--register', register],
      env,
    );
    expect(impossible.code).toBe(2);
    expect(impossible.stderr).toContain('31/02/2026 is not a real date: check the day and the month.');
    const words = await runMain(['followups', '--register', register, '--today', 'tomorrow'], env);
    expect(words.stderr).toContain('"tomorrow" is not a date: write it as DD/MM/YYYY or YYYY-MM-DD');
    const today = await runMain(
      ['register', 'prune', '--register', register, '--dry-run', '--today', '01/01/2029'],
      env,
    );
    expect(today.code, today.stderr).toBe(0);
    expect(today.stdout).toContain('Would delete E-1 (kept until 2028-12-31)');
  });
});

describe('times shown to people', () => {
  it('are UK times with the zone, winter and summer alike', async () => {
    expect(londonTime('2026-11-21T14:36:20.786Z')).toBe('2026-11-21 14:36:20 GMT');
    expect(londonTime('2026-06-01T08:00:00Z')).toBe('2026-06-01 09:00:00 BST');
    const run = await runMain([...CHECK, '--dob', SANDBOX_DATE_OF_BIRTH, '--company', 'Acme'], {
      ...env,
      TZ: 'America/New_York',
    });
    expect(run.stdout).toMatch(/Checked at: +\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)\n/);
  });
});

describe('help', () => {
  it("rtw help register set is the subcommand's help", async () => {
    const run = await runMain(['help', 'register', 'set'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: rtw register set [options] <reference>');
    expect(run.stdout).toContain('--employment-ended <date>');
  });

  it('--json says what each command prints, never "the API answer" on register commands', async () => {
    const help = async (...words: string[]) =>
      (await runMain([...words, '--help'], env)).stdout.replace(/\s+/g, ' ');
    for (const words of [
      ['register', 'verify'],
      ['register', 'set'],
      ['register', 'prune'],
      ['register', 'report'],
      ['register', 'init'],
      ['followups'],
    ]) {
      const text = await help(...words);
      expect(text, words.join(' ')).toContain('--json print only JSON on stdout:');
      expect(text, words.join(' ')).not.toContain('the API answer');
    }
    expect(await help('register', 'verify')).toContain('the verification: ok, how many receipts and files');
    expect(await help('check', 'right-to-work')).toContain("the check's result as the API gives it");
  });

  it("--batch's help lists the columns, label among them", async () => {
    const text = (await runMain(['check', '--help'], env)).stdout;
    expect(text).toContain('Batch columns');
    expect(text).toMatch(/^ {2}label +your own id for the row/m);
    expect(text).toContain('--retry-failed');
  });
});
