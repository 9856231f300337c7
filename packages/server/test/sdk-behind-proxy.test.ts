// The SDK behind a proxy that loses the service's answer (issue 36): a synchronous live check that
// reached the service is never sent a second time, whatever the proxy answers, and the SDK's error
// says what to do. Real HTTP on loopback: the SDK -> a fake proxy -> rtw-server (embedded PGlite,
// the scenario test double as the live runner, so the check runs and is charged like a live one).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRetryable, isShareCodeApiError, ShareCodeClient, ShareCodeConnectionError } from '@sharecode/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scenarioLiveRunnerTestDouble } from './support/live-runner-test-double.mjs';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

type Ending = 'bare-504' | 'bare-502' | 'bare-503' | 'reset' | 'reset-after-200ms';

interface Proxy {
  readonly url: string;
  /** Requests the proxy received from the SDK. */
  readonly received: string[];
  /** What the service answered each forwarded request. */
  readonly upstream: number[];
  /** Forwarded requests still on their way (the 200 ms reset does not wait for them). */
  readonly pending: Promise<number>[];
  ending: Ending;
  close(): Promise<void>;
}

/** Forwards each request to `target`, waits for the whole answer, then throws it away and ends as told. */
async function startProxy(target: string): Promise<Proxy> {
  const received: string[] = [];
  const upstream: number[] = [];
  const pending: Promise<number>[] = [];
  const forward = (req: IncomingMessage, body: Buffer): Promise<number> =>
    new Promise((resolve, reject) => {
      const out = httpRequest(
        `${target}${req.url ?? '/'}`,
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  const proxy: Proxy = {
    url: '',
    received,
    upstream,
    pending,
    ending: 'bare-504',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      received.push(`${req.method} ${req.url}`);
      const forwarded = forward(req, Buffer.concat(chunks));
      pending.push(forwarded);
      if (proxy.ending === 'reset-after-200ms') {
        // A gateway that forwards, then resets the client 200 ms later without waiting.
        setTimeout(() => req.socket.destroy(), 200);
        upstream.push(await forwarded);
        return;
      }
      upstream.push(await forwarded);
      if (proxy.ending === 'reset') {
        req.socket.destroy();
        return;
      }
      const status = Number(proxy.ending.slice(-3));
      // No pooled socket outlives the answer: one the proxy closed later (keep-alive timeout) would be
      // resent once by the SDK's stale keep-alive rule, adding an attempt no test scripted.
      res.writeHead(status, { 'content-type': 'text/html', connection: 'close' });
      res.end(`<html><body><h1>${status} Gateway Time-out</h1></body></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(proxy, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return proxy;
}

const CHECK = { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Acme Widgets Ltd' };

describe('a synchronous live check behind a proxy that loses the answer', () => {
  // 1.2 s a check: longer than the SDK's 1 s stale keep-alive window, as every real live check is.
  const liveRunner = scenarioLiveRunnerTestDouble({ delayMs: 1_200 });
  let service: TestServer;
  let proxy: Proxy;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    service = await startTestServer('pglite', { liveRunner });
    proxy = await startProxy(service.url);
    ({ key, accountId } = await newKey(service.admin, 'scale', 'live'));
  });
  afterEach(() => {
    liveRunner.calls.length = 0;
    proxy.received.length = 0;
    proxy.upstream.length = 0;
    proxy.pending.length = 0;
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.close();
  });

  const client = (): ShareCodeClient =>
    new ShareCodeClient({ apiKey: key, baseUrl: proxy.url, maxRetries: 2, timeout: 60_000 });

  for (const ending of ['bare-504', 'bare-502', 'bare-503'] as const) {
    it(`reports a ${ending.slice(-3)} without the API's error body, once, and says what to do`, async () => {
      proxy.ending = ending;
      const before = await usedChecks(service, accountId);

      const error = await client()
        .checkRightToWork(CHECK)
        .then(
          () => expect.fail('the check resolved'),
          (caught: unknown) => caught,
        );

      if (!isShareCodeApiError(error))
        return expect.fail(`expected a ShareCodeApiError, got ${String(error)}`);
      expect(error.status).toBe(Number(ending.slice(-3)));
      expect(error.attempts).toBe(1);
      // The service ran and charged exactly one check, and answered it; only the proxy lost it.
      expect(proxy.received).toEqual(['POST /api/check']);
      expect(proxy.upstream).toEqual([200]);
      expect(liveRunner.calls).toHaveLength(1);
      expect((await usedChecks(service, accountId)) - before).toBe(1);
      // What to do: look the check up before checking again, or use the async endpoint with a key.
      expect(error.message).toMatch(/not sent again/);
      expect(error.message).toMatch(/answer cannot be fetched/);
      expect(error.message).toMatch(/asynchronous endpoint .*Idempotency-Key/);
      expect(error.mayHaveBeenCharged).toBe(true);
      expect(isRetryable(error)).toBe(false);
    });
  }

  it('reports a connection reset after the request was sent, once, and says what to do', async () => {
    proxy.ending = 'reset';
    const error = await client()
      .checkRightToWork(CHECK)
      .then(
        () => expect.fail('the check resolved'),
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(proxy.received).toEqual(['POST /api/check']);
    expect(liveRunner.calls).toHaveLength(1);
    const message = (error as Error).message;
    expect(message).toMatch(/may have been sent/);
    expect(message).toMatch(/not sent again/);
    expect(message).toMatch(/Idempotency-Key/);
    expect(message).not.toMatch(/sent once more/);
  });

  it('never resends a check whose connection a gateway reset 200 ms after forwarding it: charged once', async () => {
    proxy.ending = 'reset-after-200ms';
    const before = await usedChecks(service, accountId);
    const error = await client()
      .checkRightToWork(CHECK)
      .then(
        () => expect.fail('the check resolved'),
        (caught: unknown) => caught,
      );
    await Promise.all(proxy.pending);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 1, mayHaveBeenCharged: true });
    expect(isRetryable(error)).toBe(false);
    expect(proxy.received).toEqual(['POST /api/check']);
    expect(proxy.upstream).toEqual([200]);
    expect(liveRunner.calls).toHaveLength(1);
    expect((await usedChecks(service, accountId)) - before).toBe(1);
    const message = (error as Error).message;
    expect(message).toMatch(/not sent again/);
    expect(message).not.toMatch(/nothing could have run/);
  });

  it('retries an asynchronous create behind the same proxy without queuing a second check', async () => {
    proxy.ending = 'bare-504';
    const error = await client()
      .createRightToWorkCheck(CHECK, { idempotencyKey: 'proxy-504-create', maxRetries: 2 })
      .then(
        () => expect.fail('the create resolved'),
        (caught: unknown) => caught,
      );
    if (!isShareCodeApiError(error)) return expect.fail('expected a ShareCodeApiError');
    // The same key three times: the service queued one check and replayed it twice (202, 200, 200).
    expect(error.attempts).toBe(3);
    expect(proxy.upstream).toEqual([202, 200, 200]);
  });
});

async function usedChecks(service: TestServer, accountId: string): Promise<number> {
  const usage = await service.admin.usage(accountId);
  if (!usage.ok) throw new Error(usage.error);
  return usage.value.used + usage.value.inProgress;
}
