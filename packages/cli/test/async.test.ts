import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckRecord } from '@sharecode/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJpeg, expectPdf } from './support/evidence.js';
import { requireBuilt, rtw, stdoutJson } from './support/run-rtw.js';
import { actionFor, DOB, exitCodeFor, KIND_FLAGS, KIND_NAME, scenarioCases } from './support/scenarios.js';

const cases = await scenarioCases();
// Retries of the sandbox take 1 s then 2 s; RTW_SANDBOX_FAST=1 makes them milliseconds.
const FAST = { RTW_SANDBOX_FAST: '1' };
let root: string;

beforeAll(async () => {
  requireBuilt();
  root = await mkdtemp(join(tmpdir(), 'rtw-async-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.concurrent('rtw async --sandbox --wait: every scenario, retries included', () => {
  it.each(cases.map((c) => [`${KIND_NAME[c.kind]} ${c.shareCode}`, c] as const))('%s', async (_name, c) => {
    const out = await mkdtemp(join(root, `${c.shareCode}-`));
    const run = await rtw(
      [
        'async',
        KIND_NAME[c.kind],
        '--sandbox',
        '--wait',
        '--json',
        '--share-code',
        c.shareCode,
        '--dob',
        DOB,
        ...KIND_FLAGS[c.kind],
        '--client-reference',
        'case-42',
        '--out',
        out,
      ],
      { env: FAST },
    );
    const end = c.async.end;
    if (end.type === 'error' && end.code === 'INVALID_INPUT') {
      // Refused before anything is queued, like the service's 400 on the POST.
      expect(run.code).toBe(2);
      expect(stdoutJson(run)).toEqual({ error: { code: 'INVALID_INPUT', message: expect.any(String) } });
      return;
    }
    const record = stdoutJson<CheckRecord>(run);
    expect(record.id).toMatch(/^chk_[A-Za-z0-9]{32}$/);
    expect(record.client_reference).toBe('case-42');
    expect(record.attempts).toBe(c.async.attempts);
    expect(run.stderr).toContain(`Queued ${record.id}.`);
    if (end.type === 'result') {
      expect(run.code).toBe(0);
      expect(record.status).toBe('succeeded');
      expect(record.result).toMatchObject({
        outcome: end.result.outcome,
        title: end.result.title,
        name: end.result.name,
        reference: end.result.reference,
      });
      const reference = end.result.reference ?? '';
      expect((await readdir(out)).sort()).toEqual([`${reference}.jpg`, `${reference}.pdf`]);
      expect(run.stderr).toContain(`${reference}.jpg`);
      await expectJpeg(join(out, `${reference}.jpg`));
      await expectPdf(join(out, `${reference}.pdf`));
    } else {
      expect(run.code).toBe(exitCodeFor(end.code));
      expect(record.status).toBe('failed');
      expect(record.error?.code).toBe(end.code);
      expect(run.stderr).toContain(`Error ${end.code}: `);
      expect(run.stderr).toContain(`What to do: ${actionFor(end.code)}.`);
      expect(await readdir(out)).toEqual([]);
    }
  });
});

describe.concurrent('rtw async', () => {
  const request = ['--share-code', 'WACPT0001', '--dob', DOB, '--company', 'Acme Ltd'];

  it('without --wait prints only the id on stdout, and how to follow it on stderr', async () => {
    const run = await rtw(['async', 'right-to-work', '--sandbox', ...request]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^chk_[A-Za-z0-9]{32}\n$/);
    const id = run.stdout.trim();
    expect(run.stderr).toContain(`rtw poll ${id} --wait`);
  });

  it('with --json prints the queued record', async () => {
    const run = await rtw(['async', 'right-to-work', '--sandbox', '--json', ...request]);
    expect(run.code).toBe(0);
    expect(stdoutJson(run)).toMatchObject({
      status: 'queued',
      attempts: 0,
      result: null,
      error: null,
      mode: 'test',
    });
  });

  it('readable --wait prints the check, then the result, outcome first', async () => {
    const out = await mkdtemp(join(root, 'readable-'));
    const run = await rtw(
      [
        'async',
        'right-to-rent',
        '--sandbox',
        '--wait',
        '--share-code',
        'RRTRY0001',
        '--dob',
        DOB,
        ...KIND_FLAGS.right_to_rent,
        '--out',
        out,
      ],
      {
        env: FAST,
      },
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Check chk_\w{32} {2}succeeded {2}\(test mode, 2 attempts\)$/);
    expect(run.stdout).toContain('\nACCEPTED  Right to rent\nName: ');
    expect(run.stdout).toMatch(/Photo saved: +.*\.jpg/);
  });

  it('--wait gives up with exit 7 when --timeout runs out', async () => {
    // Without RTW_SANDBOX_FAST, RRTRY0002 needs about 3 s (retries after 1 s and 2 s).
    const run = await rtw([
      'async',
      'right-to-rent',
      '--sandbox',
      '--wait',
      '--timeout',
      '0.3',
      '--share-code',
      'RRTRY0002',
      '--dob',
      DOB,
      ...KIND_FLAGS.right_to_rent,
      '--json',
    ]);
    expect(run.code).toBe(7);
    expect(stdoutJson(run)).toEqual({
      error: { code: 'STILL_RUNNING', message: expect.stringContaining('Stopped waiting') },
    });
  });

  it('a callback URL the service refuses is its 400, and a bad idempotency key is refused before queueing (exit 2)', async () => {
    const badUrl = await rtw([
      'async',
      'right-to-work',
      '--sandbox',
      ...request,
      '--callback-url',
      'http://example.com/hook',
    ]);
    // The sandbox answers with the service's rule (the CLI keeps no copy of it).
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('Error INVALID_INPUT');
    expect(badUrl.stderr).toMatch(/callback.url/);
    const badKey = await rtw([
      'async',
      'right-to-work',
      '--sandbox',
      ...request,
      '--idempotency-key',
      'x'.repeat(300),
    ]);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain('- --idempotency-key is longer than 255 characters');
    expect(badKey.stdout).toBe('');
  });

  it('--save-webhook needs --sandbox and --wait', async () => {
    const run = await rtw(['async', 'right-to-work', '--sandbox', ...request, '--save-webhook', root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--save-webhook works with --sandbox --wait');
  });
});
