import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kindInfo } from '@sharecode/core';
import type { CheckRecord } from '@sharecode/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJpeg, expectPdf } from './support/evidence.js';
import { rtw, stdoutJson } from './support/run-rtw.js';
import { DOB, exitCodeFor, KIND_FLAGS, KIND_NAME, scenarioCases } from './support/scenarios.js';
import { queueOverHttp, type ServedSandbox, serveSandbox, TEST_KEY } from './support/serve.js';

const cases = await scenarioCases();
const WIRE: Record<string, Record<string, string>> = {
  right_to_work: { company_name: 'Acme Ltd' },
  right_to_rent: { checker_name: 'Jo Smith', checker_type: 'landlord' },
  immigration_status: { company_name: 'Acme Bank, Leeds', job_title: 'Account manager', purpose: 'travel' },
};

// `rtw poll` follows a check across commands, so it needs a sandbox that outlives one command:
// `rtw sandbox serve`, here in its fast mode (answers in milliseconds).
let fast: ServedSandbox;
let root: string;

beforeAll(async () => {
  fast = await serveSandbox({ RTW_SANDBOX_FAST: '1' });
  root = await mkdtemp(join(tmpdir(), 'rtw-poll-'));
});
afterAll(async () => {
  await fast?.stop();
  await rm(root, { recursive: true, force: true });
});

const against = (sandbox: ServedSandbox) => ({ RTW_BASE_URL: sandbox.baseUrl, RTW_API_KEY: TEST_KEY });

describe.concurrent('rtw poll --wait against `rtw sandbox serve`: every scenario', () => {
  const queueable = cases.filter(
    (c) => !(c.async.end.type === 'error' && c.async.end.code === 'INVALID_INPUT'),
  );
  it.each(queueable.map((c) => [`${KIND_NAME[c.kind]} ${c.shareCode}`, c] as const))(
    '%s',
    async (_name, c) => {
      const queued = await queueOverHttp(fast.baseUrl, kindInfo(c.kind).asyncPath, {
        share_code: c.shareCode,
        date_of_birth: DOB,
        ...WIRE[c.kind],
      });
      expect(queued.status).toBe(202);
      const out = await mkdtemp(join(root, `${c.shareCode}-`));
      const run = await rtw(['poll', queued.id, '--wait', '--json', '--out', out], { env: against(fast) });
      const record = stdoutJson<CheckRecord>(run);
      expect(record.id).toBe(queued.id);
      expect(record.attempts).toBe(c.async.attempts);
      const end = c.async.end;
      if (end.type === 'result') {
        expect(run.code).toBe(0);
        expect(record.status).toBe('succeeded');
        expect(record.result?.reference).toBe(end.result.reference);
        await expectJpeg(join(out, `${end.result.reference}.jpg`));
        await expectPdf(join(out, `${end.result.reference}.pdf`));
        // Polling the same finished check again reuses the evidence files rather than copying them.
        const again = await rtw(['poll', queued.id, '--out', out], { env: against(fast) });
        expect(again.code).toBe(0);
        expect(await readdir(out)).toHaveLength(2);
      } else {
        expect(run.code).toBe(exitCodeFor(end.code));
        expect(record.status).toBe('failed');
        expect(record.error?.code).toBe(end.code);
        expect(run.stderr).toContain(`Error ${end.code}: `);
        expect(await readdir(out)).toEqual([]);
      }
    },
  );
});

describe.concurrent('rtw poll', () => {
  it('shows a check still in progress, exit 0, and how to wait for it', async () => {
    // A check the service is still running: a fixed `running` record (the sandbox would finish the
    // check within seconds, and a loaded machine could poll too late to see it in progress).
    const id = `chk_${'R'.repeat(32)}`;
    const record: CheckRecord = {
      id,
      status: 'running',
      mode: 'test',
      client_reference: null,
      callback_url: null,
      attempts: 2,
      result: null,
      error: null,
      result_expires_at: null,
      result_expired: false,
      created_at: '2026-11-21T10:00:00.000Z',
      completed_at: null,
    };
    const service = createServer((request, response) => {
      const found = request.method === 'GET' && request.url === `/api/check/async/${id}`;
      response.writeHead(found ? 200 : 400, {
        'content-type': 'application/json',
        'x-request-id': 'req_test',
      });
      response.end(
        JSON.stringify(found ? record : { error: { code: 'INVALID_INPUT', message: 'unexpected' } }),
      );
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = service.address() as AddressInfo;
      const run = await rtw(['poll', id], {
        env: { RTW_BASE_URL: `http://127.0.0.1:${port}`, RTW_API_KEY: TEST_KEY },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Check ${id} {2}running `));
      expect(run.stderr).toContain(`rtw poll ${id} --wait`);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it('follows a check queued by `rtw async` in another process', async () => {
    const out = await mkdtemp(join(root, 'two-commands-'));
    const env = against(fast);
    const queued = await rtw(
      [
        'async',
        'immigration-status',
        '--share-code',
        'SACPT0002',
        '--dob',
        DOB,
        ...KIND_FLAGS.immigration_status,
      ],
      { env },
    );
    expect(queued.code).toBe(0);
    const id = queued.stdout.trim();
    const run = await rtw(['poll', id, '--wait', '--out', out], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Check ${id}  succeeded`);
    expect(run.stdout).toContain('ACCEPTED  Immigration status');
    expect(await readdir(out)).toHaveLength(2);
  });

  it('writes no file without --out, --json or not: a poll only reads', async () => {
    const cwd = await mkdtemp(join(root, 'read-only-'));
    const env = against(fast);
    const queued = await rtw(
      ['async', 'right-to-work', '--share-code', 'WACPT0001', '--dob', DOB, ...KIND_FLAGS.right_to_work],
      { env, cwd },
    );
    expect(queued.code).toBe(0);
    const id = queued.stdout.trim();
    const json = await rtw(['poll', id, '--wait', '--json'], { env, cwd });
    expect(json.code).toBe(0);
    expect(stdoutJson<CheckRecord>(json).status).toBe('succeeded');
    const text = await rtw(['poll', id], { env, cwd });
    expect(text.code).toBe(0);
    expect(text.stderr).toContain('--out');
    expect(await readdir(cwd)).toEqual([]);
  });

  it('answers CHECK_NOT_FOUND (exit 4) for an unknown id', async () => {
    const run = await rtw(['poll', 'chk_00000000000000000000000000000001', '--json'], { env: against(fast) });
    expect(run.code).toBe(4);
    expect(stdoutJson(run)).toEqual({ error: { code: 'CHECK_NOT_FOUND', message: expect.any(String) } });
    expect(run.stderr).toContain('What to do: check the id and the key.');
    // A synchronous check's id (listed on the dashboard) is not fetchable: said, not left a riddle.
    expect(run.stderr).toContain('If the dashboard lists this id as Synchronous');
  });

  it('with --sandbox, explains that the in-process sandbox forgets checks between commands', async () => {
    const run = await rtw(['poll', 'chk_00000000000000000000000000000001', '--sandbox']);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('rtw sandbox serve');
  });
});

describe.concurrent('keys, addresses and idempotency (against the served sandbox)', () => {
  it('takes the key and address from RTW_API_KEY and RTW_BASE_URL', async () => {
    const run = await rtw(
      [
        'check',
        'right-to-work',
        '--share-code',
        'WACPT0001',
        '--dob',
        DOB,
        '--company',
        'A',
        '--no-evidence',
      ],
      {
        env: against(fast),
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('ACCEPTED  Right to work');
  });

  it('lets --base-url win over RTW_BASE_URL', async () => {
    const run = await rtw(
      ['poll', 'chk_00000000000000000000000000000001', '--base-url', fast.baseUrl, '--retries', '0'],
      {
        env: { RTW_API_KEY: TEST_KEY, RTW_BASE_URL: 'http://127.0.0.1:9' },
      },
    );
    expect(run.code).toBe(4);
  });

  it('warns about --api-key, and never prints the key', async () => {
    const key = 'rtw_live_SECRETSECRETSECRET0123000000000000000000';
    const run = await rtw(
      [
        'check',
        'right-to-work',
        '--api-key',
        key,
        '--share-code',
        'WACPT0001',
        '--dob',
        DOB,
        '--company',
        'A',
        '--verbose',
      ],
      {
        env: { RTW_BASE_URL: fast.baseUrl },
      },
    );
    // The sandbox refuses live keys: INVALID_KEY.
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('Warning: --api-key leaves the key in your shell history');
    expect(run.stderr).toContain('Error INVALID_KEY');
    expect(`${run.stdout}${run.stderr}`).not.toContain('SECRETSECRET');
  });

  it('exits 3 with what to do when there is no key at all', async () => {
    const run = await rtw([
      'check',
      'right-to-work',
      '--share-code',
      'WACPT0001',
      '--dob',
      DOB,
      '--company',
      'A',
      '--json',
    ]);
    expect(run.code).toBe(3);
    expect(stdoutJson(run)).toEqual({
      error: { code: 'NO_API_KEY', message: expect.stringContaining('RTW_API_KEY') },
    });
    expect(run.stderr).toContain('--sandbox');
  });

  it('exits 5 when the service cannot be reached', async () => {
    const run = await rtw(['poll', 'chk_00000000000000000000000000000001', '--retries', '0', '--json'], {
      env: { RTW_API_KEY: TEST_KEY, RTW_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(5);
    expect(stdoutJson(run)).toEqual({
      error: { code: 'CONNECTION_FAILED', message: expect.stringContaining('--base-url') },
    });
  });

  it('sends --idempotency-key: the same key again returns the first check, with a notice', async () => {
    const env = against(fast);
    const args = [
      'async',
      'right-to-work',
      '--share-code',
      'WACPT0001',
      '--dob',
      DOB,
      '--company',
      'A',
      '--idempotency-key',
      `k-${Date.now()}`,
    ];
    const first = await rtw(args, { env });
    const second = await rtw(args, { env });
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toContain('already queued');
  });
});

describe('rtw sandbox serve', () => {
  it('stops on Ctrl-C with exit 130', async () => {
    const served = await serveSandbox();
    const health = await fetch(`${served.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await served.stop()).toBe(130);
  });
});
