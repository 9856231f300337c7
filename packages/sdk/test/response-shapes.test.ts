// Every method of the client refuses a 2xx whose body is not what the contract promises
// (ShareCodeResponseError), over real HTTP on loopback; and a good answer carries its request id.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShareCodeClient, ShareCodeResponseError } from '../src/index.js';

const KEY = `rtw_test_${'0'.repeat(40)}`;
const ID = `chk_${'a'.repeat(32)}`;

let server: Server;
let baseUrl = '';
let answer: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': 'req_shape_1' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const RIGHT_TO_WORK_RESULT = {
  outcome: 'ACCEPTED',
  title: 'Right to work',
  name: 'JANE DOE',
  date_of_birth: '1990-01-01',
  conditions: [],
  restrictions: [],
  share_code: 'WACPT0001',
  checked_at: '2026-01-01T00:00:00Z',
};
const RECORD = {
  id: ID,
  status: 'queued',
  mode: 'test',
  client_reference: null,
  callback_url: null,
  attempts: 0,
  result: null,
  error: null,
  result_expires_at: null,
  result_expired: false,
  created_at: '2026-01-01T00:00:00Z',
  completed_at: null,
};
const nulls = Object.fromEntries(Object.keys(RIGHT_TO_WORK_RESULT).map((field) => [field, null]));

// Bodies that are no result and no check record. Each is sent with 200 (and 202 for the creates).
const NOT_A_RESULT: Record<string, string> = {
  'the issue’s {"hello":1, …nulls}': JSON.stringify({ hello: 1, ...nulls }),
  'an empty object': '{}',
  'an array': '[]',
  null: 'null',
  'a string': '"ok"',
  HTML: '<html>OK</html>',
  'an error body': JSON.stringify({ error: { code: 'INTERNAL', message: 'oops' } }),
  'a result whose outcome is unknown': JSON.stringify({ ...RIGHT_TO_WORK_RESULT, outcome: 'MAYBE' }),
  'a result without its name': JSON.stringify({ ...RIGHT_TO_WORK_RESULT, name: undefined }),
  'a result whose conditions are not a list': JSON.stringify({ ...RIGHT_TO_WORK_RESULT, conditions: 'none' }),
  'a record with an unknown status': JSON.stringify({ ...RECORD, status: 'paused' }),
  'a record without attempts': JSON.stringify({ ...RECORD, attempts: undefined }),
  'a succeeded record whose result is not a result': JSON.stringify({
    ...RECORD,
    status: 'succeeded',
    result: { hello: 1 },
  }),
};

const client = (): ShareCodeClient => new ShareCodeClient({ apiKey: KEY, baseUrl, maxRetries: 0 });

const METHODS: Record<string, { statuses: number[]; run: (c: ShareCodeClient) => Promise<unknown> }> = {
  checkRightToWork: {
    statuses: [200],
    run: (c) =>
      c.checkRightToWork({ share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'A' }),
  },
  checkRightToRent: {
    statuses: [200],
    run: (c) =>
      c.checkRightToRent({
        share_code: 'RACPT0001',
        date_of_birth: '1990-01-01',
        checker_name: 'A',
        checker_type: 'landlord',
      }),
  },
  checkImmigrationStatus: {
    statuses: [200],
    run: (c) =>
      c.checkImmigrationStatus({
        share_code: 'SACPT0001',
        date_of_birth: '1990-01-01',
        company_name: 'A',
        job_title: 'B',
        purpose: 'travel',
      }),
  },
  createRightToWorkCheck: {
    statuses: [202, 200],
    run: (c) =>
      c.createRightToWorkCheck({ share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'A' }),
  },
  createRightToRentCheck: {
    statuses: [202, 200],
    run: (c) =>
      c.createRightToRentCheck({
        share_code: 'RACPT0001',
        date_of_birth: '1990-01-01',
        checker_name: 'A',
        checker_type: 'landlord',
      }),
  },
  createImmigrationStatusCheck: {
    statuses: [202, 200],
    run: (c) =>
      c.createImmigrationStatusCheck({
        share_code: 'SACPT0001',
        date_of_birth: '1990-01-01',
        company_name: 'A',
        job_title: 'B',
        purpose: 'travel',
      }),
  },
  getCheck: { statuses: [200], run: (c) => c.getCheck(ID) },
  waitForCheck: { statuses: [200], run: (c) => c.waitForCheck(ID, { interval: 5, timeout: 5_000 }) },
};

describe('a 2xx that is not what the contract says', () => {
  for (const [method, { statuses, run }] of Object.entries(METHODS)) {
    for (const status of statuses) {
      for (const [name, body] of Object.entries(NOT_A_RESULT)) {
        it(`${method} refuses HTTP ${status} with ${name}`, async () => {
          answer = { status, body };
          const error = await run(client()).then(
            (value) => expect.fail(`resolved with ${JSON.stringify(value)}`),
            (caught: unknown) => caught,
          );
          expect(error).toBeInstanceOf(ShareCodeResponseError);
          expect(error).toMatchObject({ status, requestId: 'req_shape_1' });
          expect((error as Error).message).toMatch(new RegExp(`HTTP ${status}, but the body `));
        });
      }
    }
  }

  it('refuses a result of another kind from a synchronous check', async () => {
    answer = { status: 200, body: JSON.stringify({ ...RIGHT_TO_WORK_RESULT, title: 'Right to rent' }) };
    const error = await METHODS.checkRightToWork?.run(client()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShareCodeResponseError);
  });
});

describe('a good answer carries its request id', () => {
  it('on a synchronous result, without adding a field to its JSON', async () => {
    answer = { status: 200, body: JSON.stringify(RIGHT_TO_WORK_RESULT) };
    const result = await client().checkRightToWork({
      share_code: 'WACPT0001',
      date_of_birth: '1990-01-01',
      company_name: 'A',
    });
    expect(result.requestId).toBe('req_shape_1');
    expect(result.expiry_date).toBeNull();
    expect(Object.keys(result)).not.toContain('requestId');
    expect(JSON.parse(JSON.stringify(result))).not.toHaveProperty('requestId');
  });

  it('on a check record read by id, and on the created check', async () => {
    answer = { status: 200, body: JSON.stringify(RECORD) };
    const record = await client().getCheck(ID);
    expect(record.requestId).toBe('req_shape_1');
    expect(Object.keys(record)).not.toContain('requestId');
    answer = { status: 202, body: JSON.stringify(RECORD) };
    const created = await client().createRightToWorkCheck({
      share_code: 'WACPT0001',
      date_of_birth: '1990-01-01',
      company_name: 'A',
    });
    expect(created.requestId).toBe('req_shape_1');
  });
});
