// Ctrl-C during a live check: the check may already have been charged, and the user is told so.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_DATE_OF_BIRTH as DOB } from '@sharecode/core/sandbox';
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

function interruptCheck(key: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const reached = new Promise<void>((r) => {
      arrived = r;
    });
    const child = spawn(
      process.execPath,
      [RTW_BIN, 'check', 'right-to-work', '--share-code', 'W7K2M9P4Q', '--dob', DOB, '--company', 'Acme Ltd'],
      {
        env: { PATH: process.env.PATH ?? '', RTW_API_KEY: key, RTW_BASE_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
    void reached.then(() => child.kill('SIGINT'));
  });
}

describe('Ctrl-C during a check', () => {
  it('says a live check may have been charged, and how to identify it', async () => {
    const run = await interruptCheck('rtw_live_0123456789abcdefghijklmnopqrstuv00000000');
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted.');
    expect(run.stderr).toContain('may have been charged');
    expect(run.stderr).toMatch(/request id/);
    // The time it was sent, as UK time with the zone.
    expect(run.stderr).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)/);
  }, 30_000);

  it('says nothing of charges for a test key', async () => {
    const run = await interruptCheck('rtw_test_0123456789abcdefghijklmnopqrstuv00000000');
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted.');
    expect(run.stderr).not.toContain('charged');
  }, 30_000);
});
