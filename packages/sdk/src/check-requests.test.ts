import { describe, expect, it, vi } from 'vitest';
import { ShareCodeClient } from './client.js';
import {
  isCheckRequestChecking,
  isCheckRequestClosed,
  isCheckRequestNotFound,
  isRetryable,
  isShareCodeApiError,
  isShareCodeTimeoutError,
  mayHaveRun,
} from './error-guards.js';
import { ShareCodeConnectionError, ShareCodeResponseError, ShareCodeUsageError } from './errors.js';
import type { CheckRequest } from './types.js';
import { signWebhook, verifyWebhook } from './webhooks-entry.js';

const KEY = `rtw_test_${'0'.repeat(40)}`;
const ID = `creq_${'a'.repeat(32)}`;
const SECRET = 'whsec_c2hhcmVjb2RlLXNhbmRib3gtd2ViaG9vay1zZWNyZXQ=';

function request(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: ID,
    kind: 'right_to_work',
    status: 'waiting',
    mode: 'test',
    url: null,
    company_name: 'Acme Ltd',
    client_reference: 'cand-1',
    callback_url: null,
    applicant_email: null,
    applicant_email_status: null,
    failed_attempts: 0,
    expires_at: '2026-01-15T12:00:00.000Z',
    created_at: '2026-01-01T12:00:00.000Z',
    ended_at: null,
    check: null,
    ...overrides,
  };
}

const succeededCheck = {
  id: `chk_${'b'.repeat(32)}`,
  status: 'succeeded',
  mode: 'test',
  client_reference: 'cand-1',
  callback_url: null,
  attempts: 1,
  result: {
    outcome: 'ACCEPTED',
    title: 'Right to work',
    name: 'PRIYA ANJALI SHARMA',
    date_of_birth: '1990-01-01',
    conditions: [],
    restrictions: [],
    share_code: 'WACPT0001',
    checked_at: '2026-01-02T12:00:00.000Z',
  },
  error: null,
  result_expires_at: '2026-01-09T12:00:00.000Z',
  result_expired: false,
  created_at: '2026-01-02T12:00:00.000Z',
  completed_at: '2026-01-02T12:00:00.000Z',
  check_request_id: ID,
};

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** A fetch answering the n-th call (1-based) with `answer(n)`, recording every call. */
function scripted(answer: (call: number) => Response | Error) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const out = answer(seen.length);
    if (out instanceof Error) throw out;
    return out;
  });
  const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch, maxRetries: 2 });
  return { client, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_cr' },
  });
const apiError = (status: number, code: string) =>
  json({ error: { code, message: `${code}: what to do next.` } }, status);

describe('createCheckRequest', () => {
  it('posts the body as JSON, without an Idempotency-Key, and answers the new request with its url', async () => {
    const url = 'https://api.test/r/Xc8Jk2Lm9Np4Qr7St1Uv6Wx3Yz0Ab5Cd';
    const { client, seen } = scripted(() => json(request({ url }), 201));
    const body = { kind: 'right_to_work', company_name: 'Acme Ltd', client_reference: 'cand-1' } as const;
    const created = await client.createCheckRequest(body);
    expect(created).toEqual(request({ url }));
    expect(created.requestId).toBe('req_cr');
    expect(Object.keys(created)).not.toContain('requestId');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('https://api.test/api/check-requests');
    expect(seen[0]?.method).toBe('POST');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(body);
    expect(seen[0]?.headers.get('idempotency-key')).toBeNull();
  });

  it('is resent after a 429 (nothing ran), never after a bare 502 that may follow a made request', async () => {
    const limited = scripted((n) =>
      n === 1 ? apiError(429, 'RATE_LIMITED') : json(request({ url: 'https://a/r/x' }), 201),
    );
    await expect(
      limited.client.createCheckRequest({ kind: 'right_to_work', company_name: 'A' }, { maxRetries: 1 }),
    ).resolves.toMatchObject({ status: 'waiting' });
    expect(limited.seen).toHaveLength(2);

    const lost = scripted(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await lost.client
      .createCheckRequest({ kind: 'right_to_work', company_name: 'A' })
      .catch((e: unknown) => e);
    expect(lost.seen).toHaveLength(1);
    expect(isShareCodeApiError(error, 'UPSTREAM_UNEXPECTED')).toBe(true);
    // A request costs nothing: the error says to look for it, not that anything may have been charged.
    expect(error).toMatchObject({ mayHaveBeenCharged: false });
    expect((error as Error).message).toContain('listCheckRequests');
    expect((error as Error).message).not.toContain('charged');
    // But it may have made an open link: sending it again would make a second one.
    expect(error).toMatchObject({ mayHaveRun: true });
    expect(mayHaveRun(error)).toBe(true);
    expect(isRetryable(error)).toBe(false);
  });

  it('is not retryable after a client timeout either (the request may have been made)', async () => {
    const fetch = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const client = new ShareCodeClient({ apiKey: KEY, baseUrl: 'https://api.test', fetch, timeout: 20 });
    const error = await client
      .createCheckRequest({ kind: 'right_to_work', company_name: 'A' })
      .catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isShareCodeTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveRun: true, mayHaveBeenCharged: false });
    expect(isRetryable(error)).toBe(false);
  });

  it('stays retryable when the request never left (connection refused)', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const { client } = scripted(() => refused);
    const error = await client
      .createCheckRequest({ kind: 'right_to_work', company_name: 'A' }, { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ mayHaveRun: false });
    expect(mayHaveRun(error)).toBe(false);
    expect(isRetryable(error)).toBe(true);
  });

  it('is not resent when the connection broke after sending; the message says how to find it', async () => {
    const reset = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    });
    const { client, seen } = scripted(() => reset);
    const error = await client
      .createCheckRequest({ kind: 'right_to_work', company_name: 'A' })
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ mayHaveBeenCharged: false });
    expect((error as Error).message).toContain('cancelCheckRequest');
    expect(error).toMatchObject({ mayHaveRun: true });
    expect(isRetryable(error)).toBe(false);
  });

  it('refuses an answer that is not a new waiting request with its link', async () => {
    const { client } = scripted(() => json(request(), 201));
    await expect(client.createCheckRequest({ kind: 'right_to_work', company_name: 'A' })).rejects.toThrow(
      ShareCodeResponseError,
    );
  });
});

describe('getCheckRequest and cancelCheckRequest', () => {
  it('reads a request by id, completing its check as getCheck would', async () => {
    const submitted = request({
      status: 'submitted',
      ended_at: '2026-01-02T12:00:00.000Z',
      check: succeededCheck,
    });
    const { client, seen } = scripted(() => json(submitted));
    const read = await client.getCheckRequest(` ${ID} `);
    expect(seen[0]?.url).toBe(`https://api.test/api/check-requests/${ID}`);
    expect(read.status).toBe('submitted');
    if (read.kind !== 'right_to_work' || read.status !== 'submitted' || read.check.result_expired)
      throw new Error('not a submitted right-to-work request');
    // Optional result fields the answer left out are present as null.
    expect(read.check.result.expiry_date).toBeNull();
    expect(read.check.check_request_id).toBe(ID);
  });

  it('refuses a record whose status and check disagree', async () => {
    const { client } = scripted(() =>
      json(request({ status: 'submitted', ended_at: '2026-01-02T12:00:00Z' })),
    );
    await expect(client.getCheckRequest(ID)).rejects.toThrow(/submitted check request whose check is null/);
  });

  it('CHECK_REQUEST_NOT_FOUND is a typed, final error', async () => {
    const { client, seen } = scripted(() => apiError(404, 'CHECK_REQUEST_NOT_FOUND'));
    const error = await client.getCheckRequest('creq_nope').catch((e: unknown) => e);
    expect(isCheckRequestNotFound(error)).toBe(true);
    expect(isRetryable(error)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('an empty id is a usage error, sent nowhere', async () => {
    const { client, seen } = scripted(() => json(request()));
    await expect(client.getCheckRequest('')).rejects.toThrow(ShareCodeUsageError);
    await expect(client.cancelCheckRequest(' ')).rejects.toThrow(/creq_/);
    expect(seen).toHaveLength(0);
  });

  it('cancels with DELETE, resent after a bare 503 (a repeated cancel answers the same)', async () => {
    const cancelled = request({ status: 'cancelled', ended_at: '2026-01-03T12:00:00.000Z' });
    const { client, seen } = scripted((n) => (n === 1 ? new Response('', { status: 503 }) : json(cancelled)));
    await expect(client.cancelCheckRequest(ID)).resolves.toEqual(cancelled);
    expect(seen.map((s) => s.method)).toEqual(['DELETE', 'DELETE']);
    expect(seen[1]?.url).toBe(`https://api.test/api/check-requests/${ID}`);
  });

  it('CHECK_REQUEST_CLOSED is a typed error', async () => {
    const { client } = scripted(() => apiError(409, 'CHECK_REQUEST_CLOSED'));
    const error = await client.cancelCheckRequest(ID).catch((e: unknown) => e);
    expect(isCheckRequestClosed(error)).toBe(true);
    expect(error).toMatchObject({ status: 409 });
  });

  it('CHECK_REQUEST_CHECKING (a check is running) is a typed error, not retried', async () => {
    const { client, seen } = scripted(() => apiError(409, 'CHECK_REQUEST_CHECKING'));
    const error = await client.cancelCheckRequest(ID).catch((e: unknown) => e);
    expect(isCheckRequestChecking(error)).toBe(true);
    expect(isCheckRequestClosed(error)).toBe(false);
    expect(error).toMatchObject({ status: 409, code: 'CHECK_REQUEST_CHECKING' });
    expect(seen).toHaveLength(1);
  });

  it('reads applicant_email_status', async () => {
    const sent = request({ applicant_email: 'sam@example.com', applicant_email_status: 'not_sent' });
    const { client } = scripted(() => json(sent));
    await expect(client.getCheckRequest(ID)).resolves.toMatchObject({ applicant_email_status: 'not_sent' });
  });
});

describe('listCheckRequests', () => {
  it('sends status, limit and cursor as the query and reads a page', async () => {
    const { client, seen } = scripted(() => json({ data: [request()], next_cursor: 'c2' }));
    const page = await client.listCheckRequests({ status: 'waiting', limit: 50, cursor: 'c1' });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?status=waiting&limit=50&cursor=c1');
    expect(page.data).toEqual([request()]);
    expect(page.next_cursor).toBe('c2');
    expect(page.requestId).toBe('req_cr');
    await client.listCheckRequests();
    expect(seen[1]?.url).toBe('https://api.test/api/check-requests');
  });

  it.each([
    [{ limit: 0 }, /limit must be a whole number from 1 to 100/],
    [{ limit: 101 }, /limit/],
    [{ status: 'open' as never }, /status must be one of waiting, submitted/],
    [{ cursor: '' }, /next_cursor/],
  ])('refuses %j before sending', async (query, message) => {
    const { client, seen } = scripted(() => json({ data: [], next_cursor: null }));
    await expect(client.listCheckRequests(query)).rejects.toThrow(message);
    expect(seen).toHaveLength(0);
  });

  it('names the item that is not a check request', async () => {
    const { client } = scripted(() => json({ data: [request(), { id: 'x' }], next_cursor: null }));
    await expect(client.listCheckRequests()).rejects.toThrow(/data\[1\]/);
  });
});

describe('waitForCheckRequest', () => {
  it('polls until the request leaves waiting, riding out BUSY', async () => {
    const locked = request({ status: 'locked', failed_attempts: 3, ended_at: '2026-01-02T12:00:00.000Z' });
    const answers = [
      json(request()),
      apiError(503, 'BUSY'),
      json(request({ failed_attempts: 2 })),
      json(locked),
    ];
    const { client, seen } = scripted((n) => answers[n - 1] ?? json(locked));
    const progress: CheckRequest[] = [];
    const ended = await client.waitForCheckRequest(ID, {
      intervalMs: 5,
      onProgress: (r) => progress.push(r),
    });
    expect(ended).toEqual(locked);
    expect(seen).toHaveLength(4);
    expect(progress.map((r) => r.failed_attempts)).toEqual([0, 2, 3]);
  });

  it('stops at once on CHECK_REQUEST_NOT_FOUND', async () => {
    const { client, seen } = scripted(() => apiError(404, 'CHECK_REQUEST_NOT_FOUND'));
    await expect(
      client.waitForCheckRequest({ id: ID, kind: 'right_to_work' }, { intervalMs: 5 }),
    ).rejects.toSatisfy(isCheckRequestNotFound);
    expect(seen).toHaveLength(1);
  });

  it('gives up after timeoutMs with a timeout error holding the last request', async () => {
    const { client } = scripted(() => json(request()));
    const error = await client
      .waitForCheckRequest(ID, { timeoutMs: 60, intervalMs: 10 })
      .catch((e: unknown) => e);
    expect(isShareCodeTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ phase: 'wait', timeoutMs: 60, checkRequest: request() });
    expect((error as Error).message).toContain('still waiting');
  });

  it('refuses a timeout that is not a positive number', async () => {
    const { client } = scripted(() => json(request()));
    await expect(client.waitForCheckRequest(ID, { timeoutMs: 0 })).rejects.toThrow(
      /timeoutMs must be a positive/,
    );
  });
});

describe('check request webhook events', () => {
  const locked = request({ status: 'locked', failed_attempts: 3, ended_at: '2026-01-02T12:00:00.000Z' });

  it('verifyWebhook returns a check_request.locked event with the request', () => {
    const { body, headers } = signWebhook(
      { type: 'check_request.locked', created_at: '2026-01-02T12:00:00.000Z', data: locked },
      SECRET,
    );
    const event = verifyWebhook(body, headers, SECRET);
    expect(event.type).toBe('check_request.locked');
    expect(event.data).toEqual(locked);
  });

  it('refuses an event whose type and request status disagree', () => {
    const { body, headers } = signWebhook(
      { type: 'check_request.expired', created_at: '2026-01-02T12:00:00.000Z', data: locked },
      SECRET,
    );
    expect(() => verifyWebhook(body, headers, SECRET)).toThrow(
      /check_request.expired for a request that is locked/,
    );
  });
});
