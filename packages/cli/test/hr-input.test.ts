// An HR officer's input, as it comes: every problem in one message in HR words, typed values read
// leniently, spreadsheets as they export them, values asked for on a terminal, and no control
// characters from a server reaching the terminal.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from './support/run-main.js';
import { rtw, stdoutJson } from './support/run-rtw.js';
import { DOB } from './support/scenarios.js';

// Field names and endpoints of the API: what an HR officer never has to read.
const API_WORDS = /share_code|date_of_birth|company_name|checker_name|checker_type|\/api\/|POST |header/;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rtw-hr-input-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('every missing or refused flag at once, in HR words', () => {
  it('a bare rtw check right-to-work lists every missing flag in one message', async () => {
    const run = await rtw(['check', 'right-to-work', '--sandbox']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.match(/Error /g)).toHaveLength(1);
    expect(run.stderr).toContain('Error INVALID_INPUT: 3 things to put right before the check can run:');
    expect(run.stderr).toContain("- --share-code is missing: the applicant's share code");
    expect(run.stderr).toContain("- --dob is missing: the applicant's date of birth");
    expect(run.stderr).toContain('- --company is missing: the name of your organisation');
    // Without a terminal nothing was asked; the message says how not to type the code as a flag.
    expect(run.stderr).toContain('--share-code - reads the share code from standard input');
    expect(run.stderr).not.toMatch(API_WORDS);
  });

  it('lists missing and refused values together; --json carries them as a list', async () => {
    const run = await rtw([
      'check',
      'right-to-rent',
      '--sandbox',
      '--json',
      '--share-code',
      'RAC-PT0',
      '--dob',
      '31/02/1990',
      '--checker-type',
      'tenant',
    ]);
    expect(run.code).toBe(2);
    const body = stdoutJson<{ error: { code: string; problems: string[] } }>(run);
    expect(body.error.code).toBe('INVALID_INPUT');
    expect(body.error.problems).toEqual([
      expect.stringMatching(/^--share-code must be 9 letters and digits/),
      expect.stringMatching(/^--dob is not a real calendar date: check the day and the month/),
      expect.stringMatching(/^--checker-name is missing/),
      expect.stringMatching(/^--checker-type is not one of the accepted values: give "landlord" or "agent"/),
    ]);
    expect(run.stderr).not.toMatch(API_WORDS);
  });
});

describe('lenient where it is safe, printed back normalised', () => {
  it('takes Landlord, a share code with dashes and spaces, and a UK date with spaces', async () => {
    const run = await rtw([
      'check',
      'right-to-rent',
      '--sandbox',
      '--no-evidence',
      '--share-code',
      ' rac-pt0 001 ',
      '--dob',
      ` ${DOB.split('-').reverse().join('/')} `,
      '--checker-name',
      '  Jo Smith ',
      '--checker-type',
      'Landlord',
    ]);
    expect(run.stderr).toBe(
      `Read as: --share-code R*****001, --dob ${DOB}, --checker-name Jo Smith, --checker-type landlord\n`,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ACCEPTED {2}Right to rent/);
    expect(run.stdout).toContain('Checked by:       Jo Smith\n');
  });

  it('reads the share code from standard input with --share-code -', async () => {
    const run = await rtw(
      [
        'check',
        'right-to-work',
        '--sandbox',
        '--no-evidence',
        '--share-code',
        '-',
        '--dob',
        DOB,
        '--company',
        'Acme',
      ],
      { input: '\nWAC-PT0-001\n' },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ACCEPTED {2}Right to work/);
    const empty = await rtw(['check', 'right-to-work', '--sandbox', '--share-code', '-', '--dob', DOB]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(
      '- --share-code - reads the share code from standard input, which was empty',
    );
    expect(empty.stderr).toContain('- --company is missing');
  });
});

/** `main` with a terminal on stdin and stderr, and `answers` typed at the prompts. */
const atTerminal = (args: string[], answers: string[]) =>
  runMain(args, { NO_COLOR: '1', CI: '1' }, undefined, answers);

describe('on a terminal, what is missing is asked for', () => {
  it('asks for the share code and date of birth, and again for a value it refuses', async () => {
    const run = await atTerminal(
      ['check', 'right-to-work', '--sandbox', '--no-evidence', '--company', 'Acme'],
      ['wac pt0 001', '1990-02-30', DOB.split('-').reverse().join('/')],
    );
    expect(run.asked).toEqual([
      'Share code: ',
      'Date of birth (DD/MM/YYYY): ',
      'Date of birth (DD/MM/YYYY): ',
    ]);
    expect(run.stderr).toContain('--dob is not a real calendar date');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ACCEPTED {2}Right to work/);
  });

  it('does not ask again for a flag that does not belong to the check', async () => {
    const run = await atTerminal(
      [
        'check',
        'right-to-work',
        '--sandbox',
        '--share-code',
        'WACPT0001',
        '--company',
        'A',
        '--checker-type',
        'agent',
      ],
      [DOB],
    );
    expect(run.asked).toEqual(['Date of birth (DD/MM/YYYY): ']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('1 thing to put right');
    expect(run.stderr).toContain('- --checker-type is not accepted by the right-to-work check');
  });

  it('stops asking at the end of input (Ctrl-D) and reports what is still missing', async () => {
    const run = await atTerminal(['check', 'right-to-work', '--sandbox'], []);
    expect(run.code).toBe(2);
    expect(run.asked).toEqual([
      'Share code: ',
      'Date of birth (DD/MM/YYYY): ',
      'Your organisation (and branch): ',
    ]);
    expect(run.stderr).toContain('3 things to put right');
  });
});

describe('spreadsheets as they come', () => {
  it('runs a semicolon CSV with extra columns, empty rows and UK dates', async () => {
    const dir = await mkdtemp(join(root, 'semicolon-'));
    const csv = join(dir, 'staff.csv');
    const uk = DOB.split('-').reverse().join('/');
    await writeFile(
      csv,
      [
        'Employee No;Full name;Share code;Date of birth;Department',
        `E1;Priya Sharma;WAC-PT0-001;${uk};Sales`,
        ';;;;',
        `E2;"Doe; Jane";wacpt0002;${uk};`,
        '',
        `E3;Sam Lee;W REJT 0001; ${DOB} ;Ops`,
        ';;;;',
        '',
      ].join('\r\n'),
    );
    const run = await rtw([
      'check',
      'right-to-work',
      '--sandbox',
      '--no-evidence',
      '--company',
      'Acme Ltd',
      '--batch',
      csv,
    ]);
    expect(run.stderr).toContain(
      'Ignoring 3 columns that are not part of a check: "Employee No", "Full name", "Department".',
    );
    expect(run.stderr.match(/Ignoring/g)).toHaveLength(1);
    // Every empty row, the one after the last applicant too; the final line break is not a row.
    expect(run.stderr).toContain('Skipped 3 empty rows.');
    expect(run.stdout).toContain(`Batch ${csv}: 3 rows (3 run now, 0 already done)`);
    expect(run.stdout).toContain('2 ACCEPTED, 1 REJECTED, 0 with errors, 0 not run');
    expect(run.code).toBe(0);
    const results = (await readFile(`${csv}.results.jsonl`, 'utf8')).trim().split('\n');
    // The results file starts with the batch's own line, then a `sent` and a result line per row.
    const rows = results.map((line) => JSON.parse(line)).filter((line) => line.ok !== undefined);
    expect(rows.map((line) => line.line).sort()).toEqual([2, 4, 6]);
  });

  it('says "1 row" and names a bad cell by its column', async () => {
    const dir = await mkdtemp(join(root, 'one-'));
    const csv = join(dir, 'one.csv');
    await writeFile(csv, 'Share code\tDate of birth\tCompany\nWACPT0001\t31/13/1990\tAcme\n');
    const run = await rtw(['check', 'right-to-work', '--sandbox', '--no-evidence', '--batch', csv]);
    expect(run.stdout).toContain(`Batch ${csv}: 1 row (1 run now, 0 already done)`);
    expect(run.stderr).toContain(
      'column "Date of birth" is not a real calendar date: check the day and the month',
    );
    expect(run.stderr).not.toMatch(API_WORDS);
    expect(run.code).toBe(8);
  });
});

describe('text from a server is printed without control characters', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(400, { 'content-type': 'application/json', 'x-request-id': 'req_1' });
      response.end(
        JSON.stringify({
          error: {
            code: 'INVALID_INPUT',
            message:
              'company_name \u001b]0;owned\u0007is \u001b[2Jwrong\r\nfor POST /api/check/right-to-work (see the Retry-After header)\u009b',
          },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it('strips escape sequences and puts API words as flags', async () => {
    const run = await rtw(
      [
        'check',
        'right-to-work',
        '--share-code',
        'WACPT0001',
        '--dob',
        DOB,
        '--company',
        'Acme',
        '--no-evidence',
      ],
      { env: { RTW_API_KEY: 'rtw_test_0123456789abcdefghij00000000000000000000', RTW_BASE_URL: url } },
    );
    expect(run.code).toBe(2);
    // Every C0 control but the line break, DEL and every C1 control.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(run.stderr).toContain(
      'Error INVALID_INPUT: --company ]0;ownedis [2Jwrong for the service (see the wait the service asked for)',
    );
  });
});
