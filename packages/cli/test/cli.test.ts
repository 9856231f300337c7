import { CHECK_KINDS } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH, SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, rtw, stdoutJson } from './support/run-rtw.js';

beforeAll(() => {
  requireBuilt();
});

const check = [
  'check',
  'right-to-work',
  '--sandbox',
  '--share-code',
  'WACPT0001',
  '--dob',
  '1990-01-01',
  '--company',
  'A',
  '--no-evidence',
];

describe.concurrent('rtw --help and usage', () => {
  it('documents the commands, exit codes and environment', async () => {
    const run = await rtw(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['check', 'async', 'poll', 'verify-webhook', 'sign-webhook', 'sandbox']) {
      expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    expect(run.stdout).toContain('Exit codes:\n  0    the command did its job');
    for (const code of [1, 2, 3, 4, 5, 6, 7, 8, 130])
      expect(run.stdout).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
    for (const name of [
      'RTW_API_KEY',
      'RTW_BASE_URL',
      'RTW_WEBHOOK_SECRET',
      'RTW_SANDBOX_FAST',
      'NO_COLOR',
    ]) {
      expect(run.stdout).toContain(name);
    }
    expect(run.stdout).toContain('rtw sandbox codes');
  });

  it('lists every request flag in `rtw check --help`', async () => {
    const run = await rtw(['check', '--help']);
    expect(run.code).toBe(0);
    for (const flag of [
      '--share-code',
      '--dob',
      '--company',
      '--checker-name',
      '--checker-type',
      '--job-title',
      '--purpose',
      '--other-purpose',
      '--out',
      '--batch',
      '--results',
      '--concurrency',
      '--sandbox',
      '--api-key',
      '--base-url',
      '--json',
    ]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it.each([
    [
      'an unknown kind',
      ['check', 'right-to-party', '--sandbox'],
      'Allowed choices are right-to-work, right-to-rent, immigration-status',
    ],
    ['an unknown option', ['check', 'right-to-work', '--share', 'x'], "unknown option '--share'"],
    ['an unknown command', ['chek'], "unknown command 'chek'"],
    [
      'a bad --concurrency',
      ['check', 'right-to-work', '--batch', 'x.csv', '--concurrency', '0'],
      'whole number from 1 to 32',
    ],
    ['a bad --timeout', ['poll', 'chk_x', '--timeout', 'soon'], 'number of seconds'],
  ])('refuses %s with exit 2 and a hint', async (_name, args, message) => {
    const run = await rtw(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('(add --help for usage)');
  });

  it('prints its version', async () => {
    const run = await rtw(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe.concurrent('rtw sandbox codes', () => {
  it('lists every test share code of every kind, with what it answers', async () => {
    const run = await rtw(['sandbox', 'codes']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(SANDBOX_DATE_OF_BIRTH);
    const lines = run.stdout.split('\n');
    for (const scenario of SANDBOX_SCENARIOS) {
      const first = sandboxShareCode(scenario.kinds[0] ?? 'right_to_work', scenario.suffix);
      const at = lines.findIndex((line) => line.includes(first));
      expect(at, first).toBeGreaterThanOrEqual(0);
      // A long description continues on the following indented lines.
      let end = at + 1;
      while (lines[end]?.startsWith('  ')) end += 1;
      const row = lines
        .slice(at, end)
        .map((line) => line.trim())
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(row).toContain(scenario.description);
      for (const kind of scenario.kinds) expect(row).toContain(sandboxShareCode(kind, scenario.suffix));
    }
  });

  it('fits 80 columns when not on a terminal (it wrapped at 120 before)', async () => {
    const run = await rtw(['sandbox', 'codes']);
    for (const line of run.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('gives the same table as data with --json', async () => {
    const run = await rtw(['sandbox', 'codes', '--json']);
    const data = stdoutJson<{
      date_of_birth: string;
      scenarios: Array<{ suffix: string; codes: Record<string, string | null> }>;
    }>(run);
    expect(data.date_of_birth).toBe(SANDBOX_DATE_OF_BIRTH);
    expect(data.scenarios.map((s) => s.suffix)).toEqual(SANDBOX_SCENARIOS.map((s) => s.suffix));
    // The gate answers (issue 36): 429, and the two 402s with upgrade_url.
    expect(data.scenarios.map((s) => s.suffix)).toEqual(
      expect.arrayContaining(['RATE0001', 'QUOT0001', 'PAYR0001']),
    );
    const rejected = data.scenarios.find((s) => s.suffix === 'REJT0001');
    expect(rejected?.codes).toEqual({
      right_to_work: 'WREJT0001',
      right_to_rent: 'RREJT0001',
      immigration_status: null,
    });
    expect(Object.keys(rejected?.codes ?? {})).toEqual([...CHECK_KINDS]);
  });
});

describe.concurrent('output conventions', () => {
  it('uses no colour and no spinner when output is not a terminal', async () => {
    const run = await rtw(check);
    expect(run.code).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toContain('\x1b[');
    expect(run.stderr).toBe('');
  });

  it('colours with FORCE_COLOR=1, but NO_COLOR and --no-color win', async () => {
    const forced = await rtw(check, { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\x1b[32m\x1b[1mACCEPTED');
    const noColor = await rtw(check, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(noColor.stdout).not.toContain('\x1b[');
    const flag = await rtw([...check, '--no-color'], { env: { FORCE_COLOR: '1' } });
    expect(flag.stdout).not.toContain('\x1b[');
  });

  it('--quiet silences notices but not errors', async () => {
    const notice = await rtw([
      'async',
      'right-to-work',
      '--sandbox',
      '--quiet',
      '--share-code',
      'WACPT0001',
      '--dob',
      '1990-01-01',
      '--company',
      'A',
    ]);
    expect(notice.code).toBe(0);
    expect(notice.stderr).toBe('');
    const error = await rtw([
      'check',
      'right-to-work',
      '--sandbox',
      '--quiet',
      '--share-code',
      'WNFND0001',
      '--dob',
      '1990-01-01',
      '--company',
      'A',
    ]);
    expect(error.code).toBe(4);
    expect(error.stderr).toContain('Error NOT_FOUND');
  });

  it('--verbose says where requests go, never the key', async () => {
    const run = await rtw([...check, '--verbose']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Sandbox: answering in this process');
    expect(run.stderr).not.toMatch(/rtw_test_\w{20,}/);
  });
});
