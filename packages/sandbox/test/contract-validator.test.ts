// The validator itself must catch what is wrong, or the contract tests prove nothing.
import { describe, expect, it } from 'vitest';
import { createContractValidator } from './contract-validator.js';

const validator = createContractValidator();
const ID = `chk_${'a'.repeat(32)}`;

describe('createContractValidator', () => {
  it('passes a valid error answer and refuses codes, fields and shapes the contract does not allow', () => {
    const headers = new Headers({ 'x-request-id': 'req_1' });
    const ok = { error: { code: 'INVALID_INPUT', message: 'share_code is required.' } };
    expect(
      validator.validateResponse({ method: 'POST', path: '/api/check', status: 400, body: ok, headers }).ok,
    ).toBe(true);
    for (const body of [
      { error: { code: 'ROUTE_NOT_FOUND', message: 'x' } },
      { error: { code: 'INVALID_INPUT' } },
      { error: { code: 'INVALID_INPUT', message: 'x', field: 'share_code' } },
      { error: { code: 'QUOTA_EXCEEDED', message: 'x' } },
      { code: 'INVALID_INPUT', message: 'x' },
    ]) {
      expect(validator.validateResponse({ method: 'POST', path: '/api/check', status: 400, body }).ok).toBe(
        false,
      );
    }
  });

  it('checks the headers the contract marks required, and their patterns', () => {
    const record = {
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
      created_at: '2025-01-01T00:00:00.000Z',
      completed_at: null,
    };
    const answer = { method: 'POST', path: '/api/check/right-to-rent/async', status: 202, body: record };
    const good = new Headers({ 'x-request-id': 'req_1', location: `/api/check/right-to-rent/async/${ID}` });
    expect(validator.validateResponse({ ...answer, headers: good }).errors).toEqual([]);
    const wrongLocation = new Headers({ 'x-request-id': 'req_1', location: `/api/check/async/${ID}` });
    expect(validator.validateResponse({ ...answer, headers: wrongLocation }).ok).toBe(false);
    expect(
      validator.validateResponse({
        ...answer,
        headers: new Headers({ location: good.get('location') ?? '' }),
      }).errors,
    ).toEqual(['required header X-Request-Id is missing']);
    expect(validator.validateResponse({ ...answer, body: { ...record, attempts: -1 } }).ok).toBe(false);
    expect(validator.validateResponse({ ...answer, body: { ...record, created_at: 'yesterday' } }).ok).toBe(
      false,
    );
  });

  it('says when the contract has no such operation or status', () => {
    expect(
      validator.validateResponse({ method: 'DELETE', path: '/api/check', status: 200, body: {} }).errors[0],
    ).toMatch(/no operation/);
    expect(
      validator.validateResponse({ method: 'GET', path: '/healthz', status: 404, body: {} }).errors[0],
    ).toMatch(/no 404 response/);
  });

  it('validates named schemas', () => {
    expect(validator.validateSchema('ShareCode', 'WACPT0001').ok).toBe(true);
    expect(validator.validateSchema('ShareCode', 'wacpt0001').ok).toBe(false);
  });
});
