// Issue 33, the week's traps in a batch: a column of another kind of check is an extra column, an
// edited row runs again, a row a person can fix runs again on request only, the counts agree.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runMain } from './support/run-main.js';
import { DOB } from './support/scenarios.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rtw-week-batch-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { row: number; ok: boolean; attempt?: number; input?: string };

async function resultLines(path: string): Promise<Line[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => typeof line.ok === 'boolean');
}

const RTW = ['check', 'right-to-work', '--sandbox', '--no-evidence', '--company', 'Acme Ltd'];
const UK_DOB = DOB.split('-').reverse().join('/');

async function csvFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(root, `${name}-`));
  const csv = join(dir, `${name}.csv`);
  await writeFile(csv, text);
  return csv;
}

describe('a batch from an Excel-style CSV', () => {
  it('reads past a Job title column (another kind of check) with the other extra columns, and hints at label', async () => {
    // As Excel saves "CSV UTF-8" in a semicolon locale: a byte-order mark, CRLF, an empty row.
    const csv = await csvFile(
      'starters',
      `\uFEFFEmployee No;Full name;Job title;Share code;Date of birth\r\nE-1;Priya Sharma;Clerk;WACPT0001;${UK_DOB}\r\n;;;;\r\nE-2;Wei Chen;Driver;WACPT0002;${DOB}\r\n`,
    );
    const run = await runMain([...RTW, '--batch', csv]);
    expect(run.stderr).toContain(
      'Ignoring 3 columns that are not part of a check: "Employee No", "Full name", "Job title" (not part of a right-to-work check).',
    );
    expect(run.stderr).toContain(
      'To keep "Employee No" with each row\'s result (and as the person in the register), name that column label: it is never sent.',
    );
    expect(run.stderr).toContain('Skipped 1 empty row.');
    expect(run.stderr).not.toContain('job_title');
    expect(run.stdout).toContain(`Batch ${csv}: 2 rows (2 run now, 0 already done)`);
    expect(run.stdout).toContain('2 ACCEPTED, 0 REJECTED, 0 with errors, 0 not run');
    expect(run.code).toBe(0);
  });

  it('a Job title column still counts in an immigration-status batch, and a label column gets no hint', async () => {
    const csv = await csvFile(
      'status',
      `label,Employee No,Job title,Share code,Date of birth,purpose\nE-1,1,Clerk,SACPT0001,${DOB},travel\n`,
    );
    const run = await runMain([
      'check',
      'immigration-status',
      '--sandbox',
      '--no-evidence',
      '--company',
      'Acme Ltd',
      '--batch',
      csv,
    ]);
    expect(run.stderr).toContain('Ignoring 1 column that is not part of a check: "Employee No".');
    expect(run.stderr).not.toContain('name that column label');
    expect(run.code, run.stderr).toBe(0);
  });

  it('checks again the rows rtw refused before sending them, once the flag that was missing is given', async () => {
    const csv = await csvFile('no-company', `share_code,dob\nWACPT0001,${DOB}\nWACPT0002,${DOB}\n`);
    const first = await runMain(['check', 'right-to-work', '--sandbox', '--no-evidence', '--batch', csv]);
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('INVALID_INPUT');
    const second = await runMain([...RTW, '--batch', csv]);
    // Before: "Resuming: 2 of 2 rows are already in ..." and the same two errors.
    expect(second.stderr).not.toContain('Resuming');
    expect(second.stdout).toContain(`Batch ${csv}: 2 rows (2 run now, 0 already done)`);
    expect(second.stdout).toContain('2 ACCEPTED, 0 REJECTED, 0 with errors, 0 not run');
    expect(second.code).toBe(0);
  });
});

describe('a corrected row', () => {
  it('runs again on the next run, its earlier answer kept in the results file', async () => {
    const rows = (dob: string) => `label,share_code,dob\nE-1,WACPT0001,${DOB}\nE-2,WACPT0002,${dob}\n`;
    const csv = await csvFile('fixed', rows('03/02/1991'));
    const first = await runMain([...RTW, '--batch', csv]);
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('row 2 (line 3): DOB_MISMATCH');

    await writeFile(csv, rows(UK_DOB));
    const second = await runMain([...RTW, '--batch', csv]);
    expect(second.stderr).toContain(
      `1 row changed since its last run, so it runs again (the earlier answer stays in ${csv}.results.jsonl): row 2.`,
    );
    expect(second.stdout).toContain(`Batch ${csv}: 2 rows (1 run now, 1 already done)`);
    expect(second.stdout).toContain('2 ACCEPTED, 0 REJECTED, 0 with errors, 0 not run');
    expect(second.stderr).not.toContain('DOB_MISMATCH');
    expect(second.code).toBe(0);
    const row2 = (await resultLines(`${csv}.results.jsonl`)).filter((line) => line.row === 2);
    expect(row2.map((line) => line.ok)).toEqual([false, true]);
    expect(row2[0]?.input).not.toBe(row2[1]?.input);

    // Unchanged (the same date written another way counts as unchanged): nothing runs.
    await writeFile(csv, rows(DOB));
    const third = await runMain([...RTW, '--batch', csv]);
    expect(third.stdout).toContain(`Batch ${csv}: 2 rows (0 run now, 2 already done)`);
    expect(third.code).toBe(0);
  });
});

describe('following the label hint', () => {
  it('naming the Employee No column label runs no row again', async () => {
    const rows = (id: string) => `${id},share_code,dob\nE-1,WACPT0001,${DOB}\nE-2,WACPT0002,${DOB}\n`;
    const csv = await csvFile('renamed', rows('Employee No'));
    expect((await runMain([...RTW, '--batch', csv])).code).toBe(0);
    await writeFile(csv, rows('label'));
    const renamed = await runMain([...RTW, '--batch', csv]);
    expect(renamed.stdout).toContain(`Batch ${csv}: 2 rows (0 run now, 2 already done)`);
  });
});

describe('a corrected share code', () => {
  it('is an edited row, not another CSV: the row runs again', async () => {
    const rows = (code: string) =>
      `label,share_code,dob\nE-1,WACPT0001,${DOB}\nE-2,${code},${DOB}\nE-3,WACPT0002,${DOB}\n`;
    const csv = await csvFile('code-fixed', rows('WNFND0001'));
    expect((await runMain([...RTW, '--batch', csv])).code).toBe(8);
    await writeFile(csv, rows('WREJT0001'));
    const fixed = await runMain([...RTW, '--batch', csv]);
    expect(fixed.stderr).not.toContain('holds results of another CSV');
    expect(fixed.stdout).toContain(`Batch ${csv}: 3 rows (1 run now, 2 already done)`);
    expect(fixed.stdout).toContain('2 ACCEPTED, 1 REJECTED, 0 with errors, 0 not run');
  });
});

describe('a row that failed with an answer a person can fix', () => {
  it('is listed with the command that runs just those rows again, never the whole batch', async () => {
    const csv = await csvFile(
      'fixable',
      `label,share_code,dob\nE-1,WACPT0001,${DOB}\nE-2,WNFND0001,${DOB}\nE-3,WACPT0002,03/02/1991\n`,
    );
    const first = await runMain([...RTW, '--batch', csv]);
    expect(first.code).toBe(8);
    expect(first.stderr).toContain(
      `Rows 2 and 3 failed with an answer a person can put right. A row you correct in the CSV runs again by itself on the next run; to check them again as they are (the applicant confirmed their details, or has a new share code), run just those rows (each a new check, charged on a live key): rtw check right-to-work --no-evidence --sandbox --company 'Acme Ltd' --batch ${csv} --retry-failed`,
    );
    const again = await runMain([...RTW, '--batch', csv]);
    expect(again.stdout).toContain(`Batch ${csv}: 3 rows (0 run now, 3 already done)`);

    const retried = await runMain([...RTW, '--batch', csv, '--retry-failed', '--json']);
    const summary = json(retried);
    expect(summary).toMatchObject({ rows: 3, ran: 2, skipped: 1, still_to_run: 0, fixable: 2, errors: 2 });
    const lines = await resultLines(`${csv}.results.jsonl`);
    expect(lines.filter((line) => line.row === 1)).toHaveLength(1);
    // Each retried row is a new check: attempt 2, its own Idempotency-Key.
    expect(lines.filter((line) => line.row === 2).map((line) => line.attempt)).toEqual([1, 2]);
    expect(lines.filter((line) => line.row === 3).map((line) => line.attempt)).toEqual([1, 2]);
    // The command printed to go on never carries --retry-failed: a later run would charge them again.
    expect(retried.stderr.match(/--retry-failed/g)).toHaveLength(1);
  });
});

describe('the summary', () => {
  it('counts what was filed in the register, and its counts add up', async () => {
    const csv = await csvFile('filed', `label,share_code,dob\nE-1,WACPT0001,${DOB}\nE-2,WNFND0001,${DOB}\n`);
    const register = join(root, 'register-filed');
    const env = { RTW_REGISTER_KEY: Buffer.alloc(32, 7).toString('base64') };
    const run = await runMain([...RTW, '--batch', csv, '--register', register], env);
    expect(run.stdout).toContain(`Batch ${csv}: 2 rows (2 run now, 0 already done)`);
    expect(run.stdout).toContain('  1 filed in the register');
    const again = await runMain([...RTW, '--batch', csv, '--register', register, '--json'], env);
    const summary = json<{
      filed: number;
      already_filed: number;
      rows: number;
      ran: number;
      skipped: number;
      still_to_run: number;
      accepted: number;
      rejected: number;
      errors: number;
      in_flight: number;
      not_run: number;
    }>(again);
    // The rerun filed nothing: the row is in that register already (issue 33's walk: the count is
    // this run's filings only).
    expect(summary.filed).toBe(0);
    expect(summary.already_filed).toBe(1);
    expect(summary.ran + summary.skipped + summary.still_to_run).toBe(summary.rows);
    expect(summary.accepted + summary.rejected + summary.errors + summary.in_flight + summary.not_run).toBe(
      summary.rows,
    );
  });
});
