// Ctrl-C during a live check: the check may already have been charged, and the user is told so.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_DATE_OF_BIRTH as DOB } from '@sharecode/core/sandbox';
import { createSandbox } from '@sharecode/sandbox';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTW_BIN, requireBuilt } from './support/run-rtw.js';

let server: Server;
let url: string;
let arrived: () => void = () => {};
const held: ServerResponse[] = [];

beforeAll(async () => {
  requireBuilt();
  // A service that takes the check and never answers, like a portal taking its time.
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    held.push(response);
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const response of held) response.destroy();
  server.close();
});

/** Answers the newest held check with what the sandbox answers for an accepted right-to-work code. */
async function answerHeld(): Promise<void> {
  const sandbox = createSandbox();
  const answer = await getResponse(
    sandbox.handlers,
    new Request(`${sandbox.baseUrl}/api/check`, {
      method: 'POST',
      headers: { authorization: `Bearer rtw_test_${'0'.repeat(40)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ share_code: 'WACPT0001', date_of_birth: DOB, company_name: 'Acme Ltd' }),
    }),
  );
  const response = held.at(-1);
  if (answer === undefined || response === undefined) throw new Error('nothing to answer');
  response.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': 'req_held' });
  response.end(await answer.text());
  sandbox.reset();
}

interface Interrupted {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a check against the held service, pressing Ctrl-C `presses` times once the check arrived. */
function interruptCheck(key: string, presses = 1, extra: string[] = []): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const reached = new Promise<void>((r) => {
      arrived = r;
    });
    const child = spawn(
      process.execPath,
      [
        RTW_BIN,
        'check',
        'right-to-work',
        '--share-code',
        'W7K2M9P4Q',
        '--dob',
        DOB,
        '--company',
        'Acme Ltd',
        ...extra,
      ],
      {
        env: { PATH: process.env.PATH ?? '', RTW_API_KEY: key, RTW_BASE_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    void reached.then(async () => {
      for (let press = 0; press < presses; press++) {
        child.kill('SIGINT');
        // The first press is taken by rtw, which says so on stderr before the next one comes.
        if (press + 1 < presses) await until(() => stderr.includes('Press Ctrl-C again'));
      }
      if (presses === 1) await until(() => stderr.includes('Press Ctrl-C again') || child.exitCode !== null);
      afterPresses();
    });
  });
}

let afterPresses: () => void = () => {};

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('Ctrl-C during a check', () => {
  it('waits for a live check at the first Ctrl-C; the second says what stopping leaves behind', async () => {
    const run = await interruptCheck('rtw_live_0123456789abcdefghijklmnopqrstuv00000000', 2);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Ctrl-C: the live check is already with the service');
    expect(run.stderr).toContain('Interrupted.');
    expect(run.stderr).toContain('may have been charged');
    expect(run.stderr).toContain('cannot be fetched afterwards');
    expect(run.stderr).toMatch(/request id/);
    // The time it was sent, as UK time with the zone.
    expect(run.stderr).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)/);
  }, 30_000);

  it('keeps the answer of a live check it waited for: the result is shown and its evidence saved', async () => {
    const out = await mkdtemp(join(tmpdir(), 'rtw-interrupt-'));
    try {
      // Once rtw has taken the Ctrl-C, the service answers the held check (with a sandbox result).
      afterPresses = () => {
        afterPresses = () => {};
        void answerHeld();
      };
      const run = await interruptCheck('rtw_live_0123456789abcdefghijklmnopqrstuv00000000', 1, [
        '--out',
        out,
      ]);
      expect(run.stderr).toContain('rtw is waiting for its answer to save the photo and PDF');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^ACCEPTED {2}Right to work/);
      const saved = await readdir(out);
      expect(saved.filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 30_000);

  it('says nothing of charges for a test key, and stops at the first Ctrl-C', async () => {
    const run = await interruptCheck('rtw_test_0123456789abcdefghijklmnopqrstuv00000000');
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted.');
    expect(run.stderr).not.toContain('charged');
  }, 30_000);
});
