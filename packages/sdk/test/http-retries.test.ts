// The client against a real HTTP server on 127.0.0.1: retries, Retry-After, idempotency keys,
// timeouts, deadlines and aborts over real sockets (no fake timers, no fake fetch).
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CheckRecord,
  isRetryable,
  ShareCodeApiError,
  ShareCodeClient,
  type ShareCodeClientOptions,
  ShareCodeConnectionError,
  ShareCodeTimeoutError,
} from '../src/index.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl = '';
let script: Handler[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    // No socket outlives its answer: a pooled socket that afterEach closed would otherwise be reused
    // by the next test, closed under it, and resent once (the stale keep-alive rule), adding an
    // attempt the test did not script.
    res.setHeader('connection', 'close');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      const handler = script.length > 1 ? script.shift() : script[0];
      if (handler === undefined) {
        res.writeHead(500).end('no handler scripted');
        return;
      }
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  script = [];
  seen = [];
  server.closeAllConnections();
  vi.restoreAllMocks();
  // Let the client's pool see those sockets close before the next test reuses one.
  await new Promise((resolve) => setTimeout(resolve, 20));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_${seen.length}`,
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
const apiError = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code}: what to do next.` } }, headers);
// Never answers: the client's per-attempt timeout must end it.
const KEY = `rtw_test_${'0'.repeat(40)}`;
const hang: Handler = () => undefined;

const result = {
  outcome: 'ACCEPTED',
  title: 'Right to work',
  name: 'Test Person',
  date_of_birth: '1990-01-01',
  conditions: [],
  restrictions: [],
  share_code: 'W12345678',
  checked_at: '2026-01-01T12:00:00Z',
  // The service sends every field (null when none); the SDK fills in any it left out.
  nationality: null,
  permission_type: null,
  start_date: null,
  expiry_date: null,
  reference: null,
  photo_data_url: null,
  pdf_data_url: null,
};
const record: CheckRecord = {
  id: `chk_${'e'.repeat(32)}`,
  status: 'queued',
  mode: 'test',
  client_reference: 'ref-1',
  callback_url: null,
  attempts: 0,
  result: null,
  error: null,
  result_expires_at: null,
  result_expired: false,
  created_at: '2026-01-01T12:00:00Z',
  completed_at: null,
};
const rtwBody = { share_code: 'W12345678', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' };

function client(options: ShareCodeClientOptions = {}) {
  return new ShareCodeClient({ apiKey: KEY, baseUrl, ...options });
}

function noJitter() {
  // Full jitter with random() = 0 makes every computed backoff 0 ms: tests stay fast and exact.
  vi.spyOn(Math, 'random').mockReturnValue(0);
}

describe('retries over HTTP', () => {
  it('honours Retry-After in seconds on 429, then succeeds', async () => {
    script = [apiError(429, 'RATE_LIMITED', { 'retry-after': '1' }), json(200, result)];
    await expect(client().checkRightToWork(rtwBody)).resolves.toEqual(result);
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 2_000);
    script = [apiError(503, 'BUSY', { 'retry-after': at.toUTCString() }), json(200, result)];
    await expect(client().checkRightToWork(rtwBody)).resolves.toEqual(result);
    expect(seen).toHaveLength(2);
    // The date has whole-second precision, so the wait is between 1 and 2 seconds.
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('ignores a malformed Retry-After and falls back to backoff', async () => {
    noJitter();
    script = [apiError(503, 'BUSY', { 'retry-after': '-3' }), json(200, result)];
    await expect(client().checkRightToWork(rtwBody)).resolves.toEqual(result);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeLessThan(500);
  });

  it('retries BUSY and 429s of a synchronous check, re-sending the body intact each time', async () => {
    noJitter();
    const proxy429: Handler = (_req, res) => {
      res.writeHead(429, { 'content-type': 'text/html' }).end('<h1>Too Many Requests</h1>');
    };
    script = [apiError(503, 'BUSY'), apiError(429, 'RATE_LIMITED'), proxy429, json(200, result)];
    await expect(client({ maxRetries: 3 }).checkRightToWork(rtwBody)).resolves.toEqual(result);
    expect(seen).toHaveLength(4);
    for (const request of seen) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/check');
      expect(JSON.parse(request.body)).toEqual(rtwBody);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });

  it('reports the last error with its request id once retries run out', async () => {
    noJitter();
    script = [apiError(503, 'BUSY')];
    const error = await client({ maxRetries: 2 })
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeApiError);
    expect(error).toMatchObject({ code: 'BUSY', status: 503, attempts: 3, requestId: 'req_3' });
    expect(seen).toHaveLength(3);
  });

  it('does not retry 400 INVALID_INPUT', async () => {
    script = [apiError(400, 'INVALID_INPUT'), json(200, result)];
    await expect(client().checkRightToWork(rtwBody)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      status: 400,
    });
    expect(seen).toHaveLength(1);
  });

  it('fails at once when Retry-After is longer than the deadline allows', async () => {
    script = [apiError(429, 'RATE_LIMITED', { 'retry-after': '3600' }), json(200, result)];
    // Waiting out the hour would time the test out: failing at once is the only way to pass.
    await expect(client({ deadline: 10_000 }).checkRightToWork(rtwBody)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: 3600,
    });
    expect(seen).toHaveLength(1);
  });

  it('turns an empty 401 into a typed error that says what to check', async () => {
    script = [
      (_req, res) => {
        res.writeHead(401).end();
      },
    ];
    const error = await client()
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 401 });
    expect((error as Error).message).toMatch(/API key/);
  });
});

describe('idempotent asynchronous creates over HTTP', () => {
  it('sends the same Idempotency-Key and body on every attempt, and reports a fresh check', async () => {
    noJitter();
    const location = `/api/check/async/${record.id}`;
    script = [apiError(503, 'BUSY'), apiError(500, 'INTERNAL'), json(202, record, { location })];
    const created = await client().createRightToWorkCheck({ ...rtwBody, client_reference: 'ref-1' });
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(created.idempotencyKey);
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ ...rtwBody, client_reference: 'ref-1' });
    expect(created).toMatchObject({ check: record, replayed: false, location: `${baseUrl}${location}` });
  });

  it('retries a create whose first attempt hung, with the same key, and sees the replay', async () => {
    noJitter();
    script = [hang, json(200, record)];
    const created = await client({ timeout: 300 }).createRightToRentCheck(
      {
        share_code: 'W12345678',
        date_of_birth: '1990-01-01',
        checker_name: 'Ann Landlord',
        checker_type: 'landlord',
      },
      { idempotencyKey: 'tenancy-99' },
    );
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['tenancy-99', 'tenancy-99']);
    expect(created).toMatchObject({ replayed: true, idempotencyKey: 'tenancy-99' });
  });
});

describe('timeouts, deadlines and aborts over HTTP', () => {
  it('does not retry a synchronous check that hung (it may have been charged)', async () => {
    script = [hang, json(200, result)];
    const error = await client({ timeout: 300 })
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeTimeoutError);
    expect(error).toMatchObject({ phase: 'attempt', timeoutMs: 300 });
    // One attempt reached the server and was not retried. A keep-alive socket the server had already
    // closed may have been resent once first (the transport's own resend, seen on a loaded CI machine),
    // which the server never saw.
    expect(error).toMatchObject({ attempts: 1, mayHaveBeenCharged: true });
    expect(isRetryable(error)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('retries a GET that hung', async () => {
    noJitter();
    script = [hang, json(200, record)];
    await expect(client({ timeout: 300 }).getCheck(record.id)).resolves.toEqual(record);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.url).toBe(`/api/check/async/${record.id}`);
  });

  it('times out a response that stalls mid-body', async () => {
    script = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":"chk_');
      },
    ];
    await expect(client({ timeout: 300, maxRetries: 0 }).getCheck(record.id)).rejects.toMatchObject({
      phase: 'attempt',
    });
  });

  it('stops at the total deadline across retries', async () => {
    noJitter();
    script = [hang];
    const started = Date.now();
    const error = await client({ timeout: 400, deadline: 1_000, maxRetries: 10 })
      .getCheck(record.id)
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ShareCodeTimeoutError);
    // Two 400 ms attempts fit the deadline; a third starts on a quiet machine, not always on a loaded
    // one (the count is the clock's, so only "more than one" is asserted).
    expect(error).toMatchObject({ phase: 'deadline', timeoutMs: 1_000 });
    expect((error as ShareCodeTimeoutError).attempts).toBeGreaterThanOrEqual(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
  });

  it('rejects with the abort reason mid-wait, promptly, without another attempt', async () => {
    // An hour's Retry-After within a two-hour deadline: only an abort that cuts the wait short lets
    // the test finish within its timeout.
    script = [apiError(429, 'RATE_LIMITED', { 'retry-after': '3600' }), json(200, result)];
    const controller = new AbortController();
    const reason = new Error('shutting down');
    setTimeout(() => controller.abort(reason), 200);
    await expect(
      client({ deadline: 7_200_000 }).checkRightToWork(rtwBody, { signal: controller.signal }),
    ).rejects.toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(1);
  });

  it('rejects with an AbortError when aborted mid-request', async () => {
    script = [hang];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await client()
      .checkRightToWork(rtwBody, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('connection failures over HTTP', () => {
  it('retries a refused connection and reports it as a connection error', async () => {
    noJitter();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await new ShareCodeClient({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}` })
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 3 });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('does not retry a synchronous check whose connection broke after it may have run', async () => {
    script = [(req) => setTimeout(() => req.socket.destroy(), 1_100), json(200, result)];
    const error = await client()
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 1 });
    expect(seen).toHaveLength(1);
  });

  it('does not resend a synchronous check whose connection closed at once: it may have been sent', async () => {
    script = [(req) => req.socket.destroy(), json(200, result)];
    const error = await client()
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 1, mayHaveBeenCharged: true });
    expect(isRetryable(error)).toBe(false);
    expect(seen).toHaveLength(1);
    const message = (error as Error).message;
    expect(message).toMatch(/may have been sent/);
    expect(message).toMatch(/not sent again/);
    expect(message).not.toMatch(/nothing could have run|sent once more/);
  });

  it('says https to a plain-http port is a TLS handshake that never sent the request, and does not retry', async () => {
    const error = await client({ baseUrl: baseUrl.replace('http:', 'https:') })
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 1 });
    const message = (error as Error).message;
    expect(message).toMatch(/https \(TLS\) handshake with https:\/\/127\.0\.0\.1:\d+ failed/);
    expect(message).toMatch(/never sent/);
    expect(message).not.toMatch(/may have reached/);
    expect(seen).toHaveLength(0);
  });

  it('says a refused connection never reached the server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 })
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect((error as Error).message).toMatch(/never sent.*refused: nothing is listening there/);
  });

  it('retries a reset connection on a GET', async () => {
    noJitter();
    script = [(req) => req.socket.destroy(), json(200, record)];
    await expect(client().getCheck(record.id)).resolves.toEqual(record);
    expect(seen).toHaveLength(2);
  });
});

describe('waitForCheck over HTTP', () => {
  it('polls until the check ends, riding out a 503', async () => {
    noJitter();
    const done = {
      ...record,
      status: 'succeeded',
      attempts: 1,
      result,
      completed_at: '2026-01-01T12:00:20Z',
    };
    script = [
      json(200, record),
      apiError(503, 'BUSY'),
      json(200, { ...record, status: 'running' }),
      json(200, done),
    ];
    const statuses: string[] = [];
    const finished = await client().waitForCheck(record.id, {
      interval: 20,
      onProgress: (check) => statuses.push(check.status),
    });
    expect(finished).toEqual(done);
    expect(statuses).toEqual(['queued', 'running', 'succeeded']);
    expect(seen).toHaveLength(4);
  });
});

// A gateway that forwards each request to the service, then resets the client's connection 200 ms
// later without waiting for the answer: how soon a connection closed proves nothing behind a proxy.
describe('behind a gateway that forwards, then resets the connection', () => {
  let gateway: Server;
  let gatewayUrl = '';
  let forwarded: Promise<number>[] = [];

  beforeAll(async () => {
    gateway = createServer((req, res) => {
      res.setHeader('connection', 'close');
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        forwarded.push(
          new Promise((resolve, reject) => {
            const out = httpRequest(
              `${baseUrl}${req.url ?? '/'}`,
              { method: req.method, headers: req.headers },
              (answer) => {
                answer.resume();
                answer.on('end', () => resolve(answer.statusCode ?? 0));
              },
            );
            out.on('error', reject);
            out.end(Buffer.concat(chunks));
          }),
        );
        setTimeout(() => req.socket.destroy(), 200);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    forwarded = [];
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  // The service answers after the gateway has reset the client: the check ran, and was charged.
  const slow =
    (answer: Handler): Handler =>
    (req, res, body) =>
      setTimeout(() => answer(req, res, body), 400);

  it('never resends a synchronous check, and says it may have been charged and what to do', async () => {
    noJitter();
    script = [slow(json(200, result, { 'x-request-id': 'req_run' }))];
    const error = await client({ baseUrl: gatewayUrl, maxRetries: 2 })
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    await Promise.all(forwarded);

    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 1, mayHaveBeenCharged: true });
    expect(isRetryable(error)).toBe(false);
    // The service saw the check once: no second run, no second charge.
    expect(seen).toHaveLength(1);
    const message = (error as Error).message;
    expect(message).toMatch(/may have been sent/);
    expect(message).toMatch(/not sent again/);
    expect(message).toMatch(/answer cannot be fetched/);
    expect(message).toMatch(/asynchronous endpoint .*Idempotency-Key/);
    expect(message).not.toMatch(/nothing could have run|dashboard/);
  });

  it('resends an asynchronous create with the same key, and says how to send it again safely', async () => {
    noJitter();
    script = [slow(json(202, record))];
    const error = await client({ baseUrl: gatewayUrl, maxRetries: 2 })
      .createRightToWorkCheck(rtwBody, { idempotencyKey: 'hire-77' })
      .catch((e: unknown) => e);
    await Promise.all(forwarded);

    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 3, idempotencyKey: 'hire-77', mayHaveBeenCharged: false });
    expect(isRetryable(error)).toBe(true);
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['hire-77', 'hire-77', 'hire-77']);
    const message = (error as Error).message;
    expect(message).toMatch(/"hire-77"/);
    expect(message).toMatch(/\{ idempotencyKey: e\.idempotencyKey \}/);
  });

  it('resends a lookup', async () => {
    noJitter();
    script = [slow(json(200, record))];
    const error = await client({ baseUrl: gatewayUrl, maxRetries: 1 })
      .getCheck(record.id)
      .catch((e: unknown) => e);
    await Promise.all(forwarded);
    expect(error).toMatchObject({ attempts: 2, mayHaveBeenCharged: false });
    expect(seen).toHaveLength(2);
  });
});

describe('an asynchronous create a proxy failed', () => {
  it('names the Idempotency-Key and says to resend with it', async () => {
    noJitter();
    script = [
      (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      },
    ];
    const error = await client({ maxRetries: 2 })
      .createRightToWorkCheck(rtwBody, { idempotencyKey: 'hire-88' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeApiError);
    expect(error).toMatchObject({ status: 502, attempts: 3, idempotencyKey: 'hire-88' });
    expect(isRetryable(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toMatch(/"hire-88"/);
    expect(message).toMatch(/\{ idempotencyKey: e\.idempotencyKey \}/);
    expect(message).toMatch(/instead of queuing a second one/);
  });

  it('a synchronous check a proxy answered with a bare 504 is not retryable, and carries its request id', async () => {
    script = [
      (_req, res) => {
        res.writeHead(504, { 'content-type': 'text/html', 'x-request-id': 'req_gw' }).end('<h1>504</h1>');
      },
    ];
    const error = await client()
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504, attempts: 1, mayHaveBeenCharged: true, requestId: 'req_gw' });
    expect(isRetryable(error)).toBe(false);
    expect((error as Error).message).toMatch(/request id req_gw/);
    expect((error as Error).message).toMatch(/answer cannot be fetched/);
  });

  it("the service's own TIMEOUT on a synchronous check ran nothing that was charged: retryable", async () => {
    script = [apiError(504, 'TIMEOUT')];
    const error = await client()
      .checkRightToWork(rtwBody)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', attempts: 1, mayHaveBeenCharged: false });
    expect(isRetryable(error)).toBe(true);
  });
});
