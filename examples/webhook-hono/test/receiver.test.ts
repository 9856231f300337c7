// The Hono receiver (on Node), started on 127.0.0.1 port 0 and sent deliveries signed with the SDK's
// signWebhook and the sandbox secret, as the service would send them. The events come from real
// asynchronous checks run against the MSW sandbox.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { SANDBOX_WEBHOOK_SECRET } from '@sharecode/sandbox';
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { type CheckRecord, ShareCodeClient } from '@sharecode/sdk';
import { type SignedWebhook, signWebhook } from '@sharecode/sdk/webhooks';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, WEBHOOK_PATH } from '../src/app.mjs';

const secret = SANDBOX_WEBHOOK_SECRET;
const cwd = fileURLToPath(new URL('..', import.meta.url));
const apiKey = 'rtw_test_0000000000000000000000000000000000000000';

let succeeded: CheckRecord;
let failed: CheckRecord;

beforeAll(async () => {
  const { server } = setupSandboxServer({ delays: { startMs: 0, runMs: 0, retrySchedule: [0, 0] } });
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = new ShareCodeClient({ apiKey });
    const run = async (share_code: string) => {
      const { check } = await client.createRightToWorkCheck({
        share_code,
        date_of_birth: '1990-01-01',
        company_name: 'Acme Ltd',
        client_reference: 'hire-0001',
      });
      return client.waitForCheck(check.id, { interval: 5 });
    };
    succeeded = await run('WACPT0001');
    failed = await run('WNFND0001');
  } finally {
    server.close();
  }
});

function eventOf(record: CheckRecord) {
  return { type: `check.${record.status}`, created_at: new Date().toISOString(), data: record };
}

interface Recorder {
  lines: string[];
  processed: string[];
  log: { log(line: string): void; warn(line: string): void; error(line: string): void };
}

function recorder(): Recorder {
  const lines: string[] = [];
  const write = (line: string) => {
    lines.push(line);
  };
  return { lines, processed: [], log: { log: write, warn: write, error: write } };
}

async function listen(app: Hono): Promise<{ url: string; close(): Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function post(url: string, delivery: Pick<SignedWebhook, 'body' | 'headers'>) {
  const response = await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
  return { status: response.status, text: await response.text() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('examples/webhook-hono', () => {
  let receiver: { url: string; close(): Promise<void> };
  let record: Recorder;
  let release: () => void = () => {};

  beforeAll(async () => {
    record = recorder();
    const onEvent = async ({ id }: { id: string }) => {
      record.processed.push(id);
      // Processing is held until the test releases it, to show the answer does not wait for it.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    receiver = await listen(createApp({ secret, onEvent, log: record.log }));
  });
  afterAll(async () => {
    release();
    await receiver.close();
  });

  it('acknowledges a signed event at once and processes it in the background', async () => {
    const delivery = signWebhook(eventOf(succeeded), secret);
    const answer = await post(receiver.url, delivery);
    expect(answer).toEqual({ status: 200, text: '{"received":true,"duplicate":false}' });
    await tick();
    // Answered while processing is still held.
    expect(record.processed).toEqual([delivery.headers['webhook-id']]);
    release();
  });

  it('acknowledges a redelivery of the same event but processes it only once', async () => {
    const first = signWebhook(eventOf(failed), secret);
    const retry = signWebhook(eventOf(failed), secret, { id: first.headers['webhook-id'] });
    expect((await post(receiver.url, first)).status).toBe(200);
    await tick();
    release();
    expect(await post(receiver.url, retry)).toEqual({
      status: 200,
      text: '{"received":true,"duplicate":true}',
    });
    await tick();
    expect(record.processed.filter((id) => id === first.headers['webhook-id'])).toHaveLength(1);
  });

  it('refuses a tampered body with 401 and does not process it', async () => {
    const delivery = signWebhook(eventOf(succeeded), secret);
    const tampered = { ...delivery, body: delivery.body.replace('"ACCEPTED"', '"REJECTED"') };
    expect(tampered.body).not.toBe(delivery.body);
    expect(await post(receiver.url, tampered)).toEqual({ status: 401, text: 'bad_signature' });
    await tick();
    expect(record.processed).not.toContain(delivery.headers['webhook-id']);
  });

  it('refuses a body re-serialised after signing (same JSON, other bytes) with 401', async () => {
    const delivery = signWebhook(eventOf(succeeded), secret);
    const reserialised = { ...delivery, body: JSON.stringify(JSON.parse(delivery.body), null, 2) };
    expect(await post(receiver.url, reserialised)).toEqual({ status: 401, text: 'bad_signature' });
    await tick();
    expect(record.processed).not.toContain(delivery.headers['webhook-id']);
  });

  it('refuses a replayed old delivery (401) and one without signature headers (400)', async () => {
    const old = signWebhook(eventOf(succeeded), secret, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(await post(receiver.url, old)).toEqual({ status: 401, text: 'timestamp_too_old' });
    const unsigned = { body: old.body, headers: { 'content-type': 'application/json' } as const };
    expect(await post(receiver.url, unsigned as SignedWebhook)).toEqual({
      status: 400,
      text: 'missing_headers',
    });
  });

  it('accepts a large event (live events carry the photo and the PDF)', async () => {
    const big = structuredClone(succeeded);
    if (big.result) big.result.pdf_data_url = `data:application/pdf;base64,${'A'.repeat(3_000_000)}`;
    const delivery = signWebhook(eventOf(big), secret);
    expect((await post(receiver.url, delivery)).status).toBe(200);
  });

  it('works mounted in a larger app', async () => {
    const app = new Hono();
    app.get('/health', (c) => c.text('ok'));
    app.route('/', createApp({ secret, onEvent: async () => {}, log: recorder().log }));
    const server = await listen(app);
    try {
      expect(await post(server.url, signWebhook(eventOf(succeeded), secret))).toEqual({
        status: 200,
        text: '{"received":true,"duplicate":false}',
      });
    } finally {
      await server.close();
    }
  });

  it('refuses a body over 10 MiB with 413 before reading it all', async () => {
    const big = structuredClone(succeeded);
    if (big.result) big.result.pdf_data_url = `data:application/pdf;base64,${'A'.repeat(11 * 1024 * 1024)}`;
    expect((await post(receiver.url, signWebhook(eventOf(big), secret))).status).toBe(413);
  });
});

describe('examples/webhook-hono/src/worker.mjs (the fetch-style module Workers, Bun and Deno run) on Node', () => {
  it('reads RTW_WEBHOOK_SECRET from the environment per request: 200 signed, 401 tampered, 500 unset', async () => {
    const { default: worker } = await import('../src/worker.mjs');
    const server = await listen(worker);
    const saved = process.env.RTW_WEBHOOK_SECRET;
    try {
      process.env.RTW_WEBHOOK_SECRET = secret;
      const delivery = signWebhook(eventOf(succeeded), secret);
      expect((await post(server.url, delivery)).status).toBe(200);
      const tampered = { ...delivery, body: delivery.body.replace('"ACCEPTED"', '"REJECTED"') };
      expect(await post(server.url, tampered)).toEqual({ status: 401, text: 'bad_signature' });
      delete process.env.RTW_WEBHOOK_SECRET;
      expect((await post(server.url, signWebhook(eventOf(succeeded), secret))).status).toBe(500);
    } finally {
      if (saved === undefined) delete process.env.RTW_WEBHOOK_SECRET;
      else process.env.RTW_WEBHOOK_SECRET = saved;
      await server.close();
    }
  });
});

describe('examples/webhook-hono as its README runs it', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill();
  });

  it('node server.mjs, then send-event.mjs against the sandbox: acknowledged twice, processed once', async () => {
    const env = {
      ...process.env,
      RTW_WEBHOOK_SECRET: secret,
      RTW_API_KEY: apiKey,
      RTW_BASE_URL: '',
      PORT: '0',
    };
    const child = spawn(process.execPath, ['server.mjs'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    const output = lines(child);
    const url = (await output.waitFor(/^Listening on (\S+)$/))[1] ?? '';
    const sent = await promisify(execFile)(
      process.execPath,
      ['--import', '@sharecode/sandbox/register', 'send-event.mjs', url],
      { cwd, env },
    );
    const [delivery, retry] = sent.stdout.trim().split('\n');
    const id = /^delivery (evt_\w+): 200 \{"received":true,"duplicate":false\}$/.exec(delivery ?? '')?.[1];
    expect(id, sent.stdout).toBeDefined();
    expect(retry).toBe(`retry ${id}: 200 {"received":true,"duplicate":true}`);
    await output.waitFor(new RegExp(`^processed ${id} check\\.succeeded chk_\\w+ ACCEPTED`));
    await tick();
    expect(output.all().filter((line) => line.startsWith(`processed ${id}`))).toHaveLength(1);
  });
});

/** The child's stdout and stderr lines, and a wait for the first line matching a pattern. */
function lines(child: ChildProcess) {
  const seen: string[] = [];
  const waiters: Array<() => void> = [];
  const add = (chunk: Buffer) => {
    seen.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  child.on('exit', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    all: () => [...seen],
    async waitFor(pattern: RegExp): Promise<RegExpExecArray> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        for (const line of seen) {
          const match = pattern.exec(line);
          if (match) return match;
        }
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`no line matching ${pattern} (exit ${child.exitCode}):\n${seen.join('\n')}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}
