import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { CheckResult } from '@sharecode/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJpeg, expectPdf } from './support/evidence.js';
import { requireBuilt, rtw, stdoutJson } from './support/run-rtw.js';
import { actionFor, DOB, exitCodeFor, KIND_FLAGS, KIND_NAME, scenarioCases } from './support/scenarios.js';

const cases = await scenarioCases();
let root: string;

beforeAll(async () => {
  requireBuilt();
  root = await mkdtemp(join(tmpdir(), 'rtw-check-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.concurrent('rtw check --sandbox: every scenario of the test-code table', () => {
  it.each(cases.map((c) => [`${KIND_NAME[c.kind]} ${c.shareCode}`, c] as const))('%s', async (_name, c) => {
    const out = await mkdtemp(join(root, `${c.shareCode}-`));
    const run = await rtw([
      'check',
      KIND_NAME[c.kind],
      '--sandbox',
      '--share-code',
      c.shareCode,
      '--dob',
      DOB,
      ...KIND_FLAGS[c.kind],
      '--out',
      out,
    ]);
    if (c.sync.type === 'result') {
      const expected = c.sync.result;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const lines = run.stdout.split('\n');
      // The outcome comes first, then the name; the reference is there for the audit trail.
      expect(lines[0]).toBe(`${expected.outcome}  ${expected.title}`);
      expect(lines[1]).toBe(`Name:             ${expected.name}`);
      expect(run.stdout).toContain(`Reference:        ${expected.reference}`);
      for (const condition of 'conditions' in expected ? expected.conditions : []) {
        expect(run.stdout).toContain(`  - ${condition}`);
      }
      for (const restriction of expected.restrictions) expect(run.stdout).toContain(`  - ${restriction}`);
      expect(run.stdout).not.toContain('data:image');
      expect((await readdir(out)).sort()).toEqual([`${expected.reference}.jpg`, `${expected.reference}.pdf`]);
      // Outside the working directory, paths are shown whole (inside it: the spawned test below).
      expect(run.stdout).toContain(`Photo saved:      ${join(out, `${expected.reference}.jpg`)}`);
      expect(run.stdout).toContain(`PDF saved:        ${join(out, `${expected.reference}.pdf`)}`);
      await expectJpeg(join(out, `${expected.reference}.jpg`));
      await expectPdf(join(out, `${expected.reference}.pdf`));
    } else {
      expect(run.code).toBe(exitCodeFor(c.sync.code));
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`Error ${c.sync.code}: `);
      expect(run.stderr).toContain(`What to do: ${actionFor(c.sync.code)}.`);
      expect(await readdir(out)).toEqual([]);
    }
  });
});

describe.concurrent('rtw check --sandbox --json', () => {
  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s: stdout is exactly the result JSON',
    async (kind) => {
      const c = cases.find((each) => each.kind === kind && each.suffix === 'ACPT0002');
      if (c?.sync.type !== 'result') throw new Error('ACPT0002 must be a result for every kind');
      const out = await mkdtemp(join(root, 'json-'));
      // Spaces and lower case in the code are fine: core normalises it, as the service does.
      const spaced = c.shareCode.toLowerCase().replace(/(.{3})/g, '$1 ');
      const args = ['check', KIND_NAME[kind], '--sandbox', '--json', '--share-code', spaced, '--dob', DOB];
      const run = await rtw([...args, ...KIND_FLAGS[kind], '--out', out]);
      expect(run.code).toBe(0);
      const result = stdoutJson<CheckResult>(run);
      const { checked_at: _a, photo_data_url: _p, pdf_data_url: _d, ...rest } = c.sync.result;
      expect(result).toMatchObject(rest);
      expect(result.photo_data_url).toMatch(/^data:image\/jpeg;base64,/);
      // Notices about saved files go to stderr, so stdout stays pure JSON.
      expect(run.stderr).toContain(`Photo saved:      ${join(out, `${result.reference}.jpg`)}`);
    },
  );

  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s: a wrong date of birth prints the API error body and exits 4',
    async (kind) => {
      const code = cases.find((each) => each.kind === kind && each.suffix === 'ACPT0001')?.shareCode ?? '';
      const run = await rtw([
        'check',
        KIND_NAME[kind],
        '--sandbox',
        '--json',
        '--share-code',
        code,
        '--dob',
        '1991-02-03',
        ...KIND_FLAGS[kind],
        '--no-evidence',
      ]);
      expect(run.code).toBe(4);
      expect(stdoutJson(run)).toEqual({ error: { code: 'DOB_MISMATCH', message: expect.any(String) } });
      expect(run.stderr).toContain('What to do: applicant re-checks.');
    },
  );
});

describe.concurrent('rtw check: input is validated before any request, with core rules', () => {
  const base = ['check', 'right-to-work', '--sandbox', '--no-evidence'];
  it.each([
    [
      'a missing share code',
      [...base, '--dob', DOB, '--company', 'A'],
      "--share-code is missing: the applicant's share code",
    ],
    [
      'a date that does not exist',
      [...base, '--share-code', 'WACPT0001', '--dob', '31/02/1990', '--company', 'A'],
      '--dob is not a real calendar date: check the day and the month',
    ],
    [
      'another kind of code',
      [...base, '--share-code', 'RACPT0001', '--dob', DOB, '--company', 'A'],
      '--share-code starts with R, so it is a right-to-rent share code: use the right-to-rent check, or ask',
    ],
    [
      'a flag of another kind',
      [...base, '--share-code', 'WACPT0001', '--dob', DOB, '--company', 'A', '--checker-type', 'agent'],
      '--checker-type is not accepted by the right-to-work check (--checker-type belongs to the right-to-rent check)',
    ],
    [
      'an empty company',
      [...base, '--share-code', 'WACPT0001', '--dob', DOB, '--company', ''],
      '--company is missing: the name of your organisation',
    ],
  ])('%s: exit 2, says which flag, in HR words', async (_name, args, text) => {
    const run = await rtw(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Error INVALID_INPUT: 1 thing to put right before the check can run:');
    expect(run.stderr).toContain(`- ${text}`);
    // Flags, not the API's field names or endpoints.
    expect(run.stderr).not.toMatch(/share_code|date_of_birth|company_name|checker_type|POST |\/api\//);
  });

  it('other_purpose is required with purpose other (immigration status)', async () => {
    const run = await rtw([
      'check',
      'immigration-status',
      '--sandbox',
      '--json',
      '--share-code',
      'SACPT0001',
      '--dob',
      DOB,
      '--company',
      'A',
      '--job-title',
      'B',
      '--purpose',
      'other',
    ]);
    expect(run.code).toBe(2);
    expect(stdoutJson(run)).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining('--other-purpose is missing'),
        problems: [expect.stringContaining('--other-purpose is missing')],
      },
    });
  });

  it('never puts the share code or date of birth in an error message', async () => {
    const run = await rtw([
      'check',
      'right-to-work',
      '--sandbox',
      '--share-code',
      'WNFND0001',
      '--dob',
      '1990-01-01',
      '--company',
      'A',
    ]);
    expect(run.code).toBe(4);
    expect(run.stderr).not.toContain('WNFND0001');
    expect(run.stderr).not.toContain('1990-01-01');
  });
});

describe.concurrent('evidence files', () => {
  it('never overwrites other evidence: a taken name gets -2; the same evidence again is kept once', async () => {
    const out = await mkdtemp(join(root, 'twice-'));
    const args = [
      'check',
      'right-to-work',
      '--sandbox',
      '--share-code',
      'WACPT0001',
      '--dob',
      DOB,
      '--company',
      'A',
    ];
    const first = await rtw([...args, '--out', out]);
    expect(first.code).toBe(0);
    const reference = /Reference: +(\S+)/.exec(first.stdout)?.[1] ?? '';
    // The same check again the same day gives byte-identical evidence: nothing new is written.
    expect((await rtw([...args, '--out', out])).code).toBe(0);
    expect((await readdir(out)).sort()).toEqual([`${reference}.jpg`, `${reference}.pdf`]);
    // A different file under the name is kept, and the new evidence goes next to it.
    await writeFile(join(out, `${reference}.pdf`), "someone else's evidence");
    const third = await rtw([...args, '--out', out]);
    expect(third.code).toBe(0);
    expect(third.stdout).toContain(`${reference}-2.jpg`);
    expect((await readdir(out)).sort()).toEqual([
      `${reference}-2.jpg`,
      `${reference}-2.pdf`,
      `${reference}.jpg`,
      `${reference}.pdf`,
    ]);
    expect(await readFile(join(out, `${reference}.pdf`), 'utf8')).toBe("someone else's evidence");
    await expectPdf(join(out, `${reference}-2.pdf`));
  });

  it('--no-evidence saves nothing', async () => {
    const out = await mkdtemp(join(root, 'none-'));
    const run = await rtw([
      'check',
      'right-to-work',
      '--sandbox',
      '--share-code',
      'WACPT0001',
      '--dob',
      DOB,
      '--company',
      'A',
      '--out',
      out,
      '--no-evidence',
    ]);
    expect(run.code).toBe(0);
    expect(await readdir(out)).toEqual([]);
    expect(run.stdout).not.toContain('saved');
  });

  it('--out creates the folder', async () => {
    const out = join(root, 'new', 'nested');
    const run = await rtw([
      'check',
      'right-to-rent',
      '--sandbox',
      '--share-code',
      'RNOEX0001',
      '--dob',
      DOB,
      ...KIND_FLAGS.right_to_rent,
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(await readdir(out)).toHaveLength(2);
  });

  it('shows saved paths relative to the working directory when they are inside it (the built bin)', async () => {
    const out = await mkdtemp(join(root, 'relative-'));
    const args = ['check', 'right-to-work', '--sandbox', '--share-code', 'WACPT0002', '--dob', DOB];
    const run = await rtw([...args, '--company', 'Acme Ltd', '--out', out], { cwd: root });
    expect(run.code).toBe(0);
    const reference = /Reference: +(\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(run.stdout).toContain(`Photo saved:      ${relative(root, join(out, `${reference}.jpg`))}`);
    expect(run.stdout).toContain(`PDF saved:        ${relative(root, join(out, `${reference}.pdf`))}`);
  });
});
