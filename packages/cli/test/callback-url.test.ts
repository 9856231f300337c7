// `--callback-url`: the CLI sends what it is given and lets the server decide (the server's answer
// is the rule): an address the reference server's operator allows, such as a test receiver on
// https://127.0.0.1:9443, reaches the server instead of being refused by a copy of the rule.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from './support/run-main.js';

let server: Server;
let baseUrl = '';
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      const now = new Date().toISOString();
      response.writeHead(202, { 'content-type': 'application/json', 'x-request-id': 'req_test' });
      response.end(
        JSON.stringify({
          id: `chk_${'a'.repeat(32)}`,
          status: 'queued',
          mode: 'test',
          client_reference: null,
          callback_url: body.callback_url ?? null,
          attempts: 0,
          result: null,
          error: null,
          result_expires_at: null,
          result_expired: false,
          created_at: now,
          completed_at: null,
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

/** `rtw async right-to-work ... --callback-url <url>` against the recording server. */
function queueWith(callbackUrl: string) {
  return runMain(
    [
      'async',
      'right-to-work',
      '--share-code',
      'WACPT0001',
      '--dob',
      '1990-01-01',
      '--company',
      'Acme Ltd',
    ].concat(['--callback-url', callbackUrl, '--json']),
    { RTW_BASE_URL: baseUrl, RTW_API_KEY: `rtw_test_${'0'.repeat(40)}` },
  );
}

describe('rtw async --callback-url', () => {
  it('sends a loopback https callback URL to the server instead of refusing it', async () => {
    const run = await queueWith('https://127.0.0.1:9443/hooks');
    expect(run.code, run.stderr).toBe(0);
    expect(bodies.at(-1)).toMatchObject({ callback_url: 'https://127.0.0.1:9443/hooks' });
  });

  it('still refuses what is not a URL at all, before sending', async () => {
    const before = bodies.length;
    const run = await queueWith('hooks please');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--callback-url must be an absolute URL');
    expect(bodies.length).toBe(before);
  });
});
