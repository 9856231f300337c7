import type { components } from '@sharecode/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareCodeClient } from './client.js';
import { isDobMismatch, isShareCodeApiError } from './error-guards.js';
import { ShareCodeResponseError, ShareCodeUsageError } from './errors.js';
import type { PendingCheck, RightToWorkResult } from './types.js';
import { SDK_VERSION } from './version.js';

const KEY = `rtw_test_${'0'.repeat(40)}`;

// As the service may send it: the optional fields left out.
const result: components['schemas']['RightToWorkResult'] = {
  outcome: 'ACCEPTED',
  title: 'Right to work',
  name: 'Test Person',
  date_of_birth: '1990-01-01',
  conditions: [],
  restrictions: [],
  share_code: 'W12345678',
  checked_at: '2026-01-01T12:00:00Z',
};

// As the SDK hands it over: every documented field present, null where the answer had none.
const completed: RightToWorkResult = {
  ...result,
  nationality: null,
  permission_type: null,
  start_date: null,
  expiry_date: null,
  reference: null,
  photo_data_url: null,
  pdf_data_url: null,
};

const record: PendingCheck = {
  id: `chk_${'a'.repeat(32)}`,
  status: 'queued',
  mode: 'test',
  client_reference: null,
  callback_url: null,
  attempts: 0,
  result: null,
  error: null,
  result_expires_at: null,
  result_expired: false,
  created_at: '2026-01-01T12:00:00Z',
  completed_at: null,
};

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

function recorder(answer: () => Response) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body,
    });
    return answer();
  });
  return { fetch, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('ShareCodeClient', () => {
  it('posts a synchronous check with the key, User-Agent and JSON body as on the wire', async () => {
    const { fetch, seen } = recorder(() => json(result, 200, { 'x-request-id': 'req_1' }));
    const client = new ShareCodeClient({
      apiKey: 'rtw_test_abc0000000000000000000000000000000000000',
      baseUrl: 'https://api.test/',
      fetch,
      userAgent: 'hr-app/2',
    });
    const body = { share_code: 'W12345678', date_of_birth: '1990-01-01', company_name: 'Acme' };
    await expect(client.checkRightToWork(body)).resolves.toStrictEqual(completed);
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call?.url).toBe('https://api.test/api/check');
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.body ?? '')).toEqual(body);
    expect(call?.headers.get('authorization')).toBe(
      'Bearer rtw_test_abc0000000000000000000000000000000000000',
    );
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('user-agent')).toBe(`sharecode-sdk-js/${SDK_VERSION} hr-app/2`);
    expect(call?.headers.get('idempotency-key')).toBeNull();
  });

  it.each([
    ['checkRightToRent', '/api/check/right-to-rent'],
    ['checkImmigrationStatus', '/api/check/immigration-status'],
  ] as const)('%s posts to %s', async (method, path) => {
    const { fetch, seen } = recorder(() => json(result));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    // The bodies' exact shape is the server's business; the path is what is under test (the answer,
    // a right-to-work result, is refused as the wrong kind).
    await expect(client[method]({} as never)).rejects.toThrow(ShareCodeResponseError);
    expect(seen[0]?.url).toBe(`https://api.test${path}`);
  });

  it('reads RTW_API_KEY and RTW_BASE_URL when no options are given', async () => {
    vi.stubEnv('RTW_API_KEY', 'rtw_test_fromenv000000000000000000000000000000000');
    vi.stubEnv('RTW_BASE_URL', 'https://env.test');
    const { fetch, seen } = recorder(() => json(record));
    await new ShareCodeClient({ fetch }).getCheck(record.id);
    expect(seen[0]?.url).toBe(`https://env.test/api/check/async/${record.id}`);
    expect(seen[0]?.headers.get('authorization')).toBe(
      'Bearer rtw_test_fromenv000000000000000000000000000000000',
    );
  });

  it('defaults to the reference server on 127.0.0.1:8080', () => {
    vi.stubEnv('RTW_BASE_URL', '');
    vi.stubEnv('RTW_API_KEY', KEY);
    expect(new ShareCodeClient().baseUrl).toBe('http://127.0.0.1:8080');
  });

  it('refuses to be built without a key, naming RTW_API_KEY, before any request', () => {
    vi.stubEnv('RTW_API_KEY', '');
    const fetch = vi.fn();
    const error = (() => {
      try {
        return new ShareCodeClient({ fetch });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ShareCodeUsageError);
    expect(String(error)).toMatch(
      /No API key: set the RTW_API_KEY environment variable, or pass \{ apiKey \}/,
    );
    expect(() => new ShareCodeClient({ apiKey: '  ', fetch })).toThrow(/RTW_API_KEY/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a key of the wrong shape, naming where it came from and never echoing it', () => {
    vi.stubEnv('RTW_API_KEY', 'whsec_notakeyatall');
    expect(() => new ShareCodeClient()).toThrow(/^RTW_API_KEY does not hold an API key/);
    const short = () => new ShareCodeClient({ apiKey: 'rtw_live_abc123' });
    expect(short).toThrow(ShareCodeUsageError);
    expect(short).toThrow(
      /^The apiKey option does not hold an API key: keys are rtw_live_ or rtw_test_ followed by 40 letters and digits \(this one starts rtw_live_ but has 6 after it\)/,
    );
    expect(short).not.toThrow(/abc123/);
    // What the service refuses, the SDK refuses: a 20-character test key (the sandbox's old minimum).
    expect(() => new ShareCodeClient({ apiKey: `rtw_test_${'0'.repeat(20)}` })).toThrow(/has 20 after it/);
    expect(() => new ShareCodeClient({ apiKey: `rtw_test_${'0'.repeat(41)}` })).toThrow(ShareCodeUsageError);
    expect(() => new ShareCodeClient({ apiKey: `"${KEY}"` })).toThrow(/without quotes or spaces/);
    expect(() => new ShareCodeClient({ apiKey: ` ${KEY}\n` })).not.toThrow();
  });

  it('looks up globalThis.fetch on every request, so a fetch patched after construction is used', async () => {
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test' });
    const { fetch, seen } = recorder(() => json(record));
    vi.stubGlobal('fetch', fetch);
    await client.getCheck(record.id);
    expect(seen).toHaveLength(1);
  });

  it('sends a random UUID Idempotency-Key on async creates and reports a new check', async () => {
    const location = `/api/check/async/${record.id}`;
    const { fetch, seen } = recorder(() => json(record, 202, { location, 'x-request-id': 'req_9' }));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const created = await client.createRightToWorkCheck({
      share_code: 'W12345678',
      date_of_birth: '1990-01-01',
      company_name: 'Acme',
    });
    const key = seen[0]?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created).toEqual({
      check: record,
      replayed: false,
      idempotencyKey: key,
      requestId: 'req_9',
      location: `https://api.test${location}`,
    });
    expect(seen[0]?.url).toBe('https://api.test/api/check/async');
  });

  it('reports a replay (200) and keeps the caller’s key', async () => {
    const { fetch, seen } = recorder(() => json(record, 200));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const created = await client.createRightToRentCheck({} as never, { idempotencyKey: 'order-42' });
    expect(seen[0]?.url).toBe('https://api.test/api/check/right-to-rent/async');
    expect(seen[0]?.headers.get('idempotency-key')).toBe('order-42');
    expect(created.replayed).toBe(true);
    expect(created.idempotencyKey).toBe('order-42');
  });

  it('posts immigration-status creates to their path', async () => {
    const { fetch, seen } = recorder(() => json(record, 202));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    await client.createImmigrationStatusCheck({} as never);
    expect(seen[0]?.url).toBe('https://api.test/api/check/immigration-status/async');
  });

  it('attaches the idempotency key to errors of a create', async () => {
    const { fetch } = recorder(() =>
      json({ error: { code: 'INVALID_INPUT', message: 'company_name: required' } }, 400),
    );
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const error = await client
      .createRightToWorkCheck({} as never, { idempotencyKey: 'k-1' })
      .catch((e: unknown) => e);
    expect(isShareCodeApiError(error, 'INVALID_INPUT')).toBe(true);
    expect(error).toMatchObject({ idempotencyKey: 'k-1', message: 'company_name: required', status: 400 });
  });

  it.each(['', ' ', 'a'.repeat(256), 'naïve', 'line\nbreak'])(
    'refuses the idempotency key %j',
    async (key) => {
      const { fetch } = recorder(() => json(record, 202));
      const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
      await expect(
        client.createRightToWorkCheck({} as never, { idempotencyKey: key }),
      ).rejects.toBeInstanceOf(ShareCodeUsageError);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('throws typed API errors with upgrade URL and request id', async () => {
    const { fetch } = recorder(() =>
      json(
        {
          error: {
            code: 'QUOTA_EXCEEDED',
            message: 'Upgrade to continue.',
            upgrade_url: 'https://pay.test/up',
          },
        },
        402,
        { 'x-request-id': 'req_q' },
      ),
    );
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    await expect(client.checkRightToWork({} as never)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      status: 402,
      upgradeUrl: 'https://pay.test/up',
      requestId: 'req_q',
    });
  });

  it('narrows with the named guards', async () => {
    const { fetch } = recorder(() =>
      json({ error: { code: 'DOB_MISMATCH', message: 'Ask the applicant.' } }, 404),
    );
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const error = await client.checkRightToWork({} as never).catch((e: unknown) => e);
    expect(isDobMismatch(error)).toBe(true);
  });

  it('turns a 2xx that is not JSON into a ShareCodeResponseError', async () => {
    const { fetch } = recorder(
      () => new Response('<html>hello</html>', { status: 200, headers: { 'x-request-id': 'r' } }),
    );
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const error = await client.checkRightToWork({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeResponseError);
    expect(error).toMatchObject({ status: 200, requestId: 'r' });
  });

  it('turns a 2xx that is not a check record into a ShareCodeResponseError', async () => {
    const { fetch } = recorder(() => json({ hello: 'world' }));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    await expect(client.getCheck(record.id)).rejects.toBeInstanceOf(ShareCodeResponseError);
  });

  it('encodes the check id into the path and refuses an empty one', async () => {
    const { fetch, seen } = recorder(() => json(record));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    await client.getCheck('chk_x/../y');
    expect(seen[0]?.url).toBe('https://api.test/api/check/async/chk_x%2F..%2Fy');
    await expect(client.getCheck(' ')).rejects.toBeInstanceOf(ShareCodeUsageError);
  });

  it('reports unsendable header values as usage errors, never echoing the value', async () => {
    expect(
      () => new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', headers: { 'x-team': 'ключ' } }),
    ).toThrow(/"x-team" header cannot be sent/);
    const { fetch } = recorder(() => json(record));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const error = await client
      .getCheck(record.id, { headers: { 'x-note': 'a\r\nb: secret' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeUsageError);
    expect((error as Error).message).not.toMatch(/secret/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets a per-request header replace a default one whatever its case', async () => {
    const { fetch, seen } = recorder(() => json(record));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    await client.getCheck(record.id, { headers: { Authorization: 'Bearer other' } });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer other');
  });

  it.each([
    [{ baseUrl: 'api.test' }],
    [{ baseUrl: 'ftp://api.test' }],
    [{ timeout: 0 }],
    [{ deadline: -1 }],
    [{ timeout: Number.NaN }],
    [{ maxRetries: 1.5 }],
    [{ maxRetries: -1 }],
  ])('refuses bad options %j with a usage error', (options) => {
    expect(() => new ShareCodeClient({ apiKey: KEY, ...options })).toThrow(ShareCodeUsageError);
  });

  it('applies per-request options and headers', async () => {
    const { fetch, seen } = recorder(() => json({ error: { code: 'BUSY', message: 'Busy.' } }, 503));
    const client = new ShareCodeClient({
      apiKey: KEY,
      baseUrl: 'https://api.test',
      fetch,
      headers: { 'x-team': 'a' },
    });
    const error = await client
      .checkRightToWork({} as never, { maxRetries: 0, headers: { 'x-trace': 't1' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BUSY', attempts: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.get('x-trace')).toBe('t1');
    expect(seen[0]?.headers.get('x-team')).toBe('a');
  });

  it('exposes the typed openapi-fetch client with the same auth and retries', async () => {
    const { fetch, seen } = recorder(() => json(result, 200, { 'x-ratelimit-remaining': '9' }));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const { data, response } = await client.raw.POST('/api/check/right-to-work', { body: {} as never });
    expect(data).toEqual(result);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('completes a record’s result and refuses a record whose status disagrees with its fields', async () => {
    const done = { ...record, status: 'succeeded', attempts: 1, result };
    const answers: unknown[] = [done, { ...done, result: null }, { ...record, status: 'failed' }];
    const { fetch } = recorder(() => json(answers.shift()));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const read = await client.getCheck(record.id);
    expect(read.result).toStrictEqual(completed);
    await expect(client.getCheck(record.id)).rejects.toThrow(/succeeded check record without its result/);
    await expect(client.getCheck(record.id)).rejects.toThrow(/failed check record without its error/);
  });

  it('waits for a check through getCheck', async () => {
    const answers = [record, { ...record, status: 'succeeded' as const, attempts: 1, result }];
    const { fetch } = recorder(() => json(answers.shift() ?? record));
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch });
    const finished = await client.waitForCheck(record.id, { interval: 1 });
    expect(finished.status).toBe('succeeded');
    expect(finished.result).toStrictEqual(completed);
  });
});
