// `rtw sandbox serve --forward-to`: every sandbox check's event, signed with the secret it prints,
// posted over plain http to a receiver on this machine, retried on spec 6.4's schedule (compressed
// with --retries fast), each attempt printed. The receiver verifies with the SDK's verifyWebhook.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isShareCodeWebhookError } from '@sharecode/sdk';
import { verifyWebhook, type WebhookEvent } from '@sharecode/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTW_BIN, requireBuilt, rtw } from './support/run-rtw.js';
import { queueOverHttp } from './support/serve.js';

interface Received {
  id: string;
  event: WebhookEvent;
}

let receiver: Server;
let hooksUrl = '';
const verified: Received[] = [];
const refused: string[] = [];
const answered = new Map<string, number>();
let secret = '';

let child: ChildProcess;
let stdout = '';
let stderr = '';
let baseUrl = '';

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${stdout}\n--- stderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  requireBuilt();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const tries = (answered.get(id) ?? 0) + 1;
      answered.set(id, tries);
      try {
        const event = verifyWebhook(Buffer.concat(chunks), request.headers, secret);
        // The first attempt of every event fails, to show the retry.
        if (tries === 1) {
          response.writeHead(503).end();
          return;
        }
        verified.push({ id, event });
        response.writeHead(204).end();
      } catch (error) {
        refused.push(isShareCodeWebhookError(error) ? error.reason : String(error));
        response.writeHead(400).end();
      }
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  hooksUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks`;

  child = spawn(
    process.execPath,
    [RTW_BIN, 'sandbox', 'serve', '--port', '0', '--forward-to', hooksUrl, '--retries', 'fast'],
    { env: { PATH: process.env.PATH ?? '', RTW_SANDBOX_FAST: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // A Node start: over 15 s at a load average of 28 (seen); the hook's own limit is 60 s.
  baseUrl = await until('the address line', () => /^(http:\/\/\S+)\n/.exec(stdout)?.[1], 50_000);
  secret = await until('the secret line', () => /RTW_WEBHOOK_SECRET=(whsec_\S+)/.exec(stderr)?.[1]);
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGINT');
    await once(child, 'exit');
  }
  receiver?.close();
});

describe('rtw sandbox serve --forward-to', () => {
  it('prints where it forwards and the secret the events are signed with', () => {
    expect(stderr).toContain(`Forwarding the event of every check to ${hooksUrl} (retries: fast)`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  });

  it('delivers each check’s event, signed so that verifyWebhook accepts it, retrying a failed attempt', async () => {
    const body = { date_of_birth: '1990-01-01', company_name: 'Acme Ltd' };
    const ok = await queueOverHttp(baseUrl, '/api/check/async', { ...body, share_code: 'WACPT0001' });
    const failed = await queueOverHttp(baseUrl, '/api/check/async', { ...body, share_code: 'WNFND0001' });
    expect([ok.status, failed.status]).toEqual([202, 202]);

    const events = await until('both events verified', () => {
      const got = [ok.id, failed.id].map((id) => verified.find((r) => r.event.data.id === id));
      return got.every(Boolean) ? (got as Received[]) : undefined;
    });
    expect(refused).toEqual([]);
    const [succeeded, failure] = events;
    expect(succeeded?.event.type).toBe('check.succeeded');
    if (succeeded?.event.type === 'check.succeeded')
      expect(succeeded.event.data.result.outcome).toBe('ACCEPTED');
    expect(failure?.event.type).toBe('check.failed');
    if (failure?.event.type === 'check.failed') expect(failure.event.data.error.code).toBe('NOT_FOUND');

    // Each attempt is printed (the line follows the receiver's answer, so wait for it): the refused
    // first one with its status and the wait (30 s compressed to 30 ms, with the service's ±10 %
    // jitter), then the delivery.
    for (const { id, event } of events) {
      const prefix = `${event.type} ${event.data.id} ${id}`;
      await until(`${prefix} printed as delivered`, () =>
        stdout.includes(`${prefix} attempt 2/8: 204 delivered`) ? true : undefined,
      );
      expect(stdout).toMatch(new RegExp(`${prefix} attempt 1/8: 503 retrying in (2[7-9]|3[0-3]) ms`));
    }
  });

  it('refuses a --forward-to that is not an http(s) URL, and --retries other than fast or real', async () => {
    // Refused before anything listens: in process (main(argv, io)), no Node start per case.
    const run = (args: string[]) => rtw(['sandbox', 'serve', '--port', '0', ...args]);
    const ftp = await run(['--forward-to', 'ftp://localhost/hooks']);
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toContain('--forward-to must be an http or https URL');
    const pace = await run(['--forward-to', hooksUrl, '--retries', 'slow']);
    expect(pace.code).toBe(2);
    expect(pace.stderr).toContain('--retries must be fast');
  });

  it('refuses a --forward-to carrying credentials, without printing them', async () => {
    const run = (args: string[]) => rtw(['sandbox', 'serve', '--port', '0', ...args]);
    for (const url of ['http://hr:s3cret-pass@localhost:3000/hooks', 'http://token@localhost:3000/hooks']) {
      const refused = await run(['--forward-to', url]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--forward-to may not carry a user name or password');
      expect(`${refused.stdout}${refused.stderr}`).not.toMatch(/s3cret-pass|token@/);
    }
  });
});
