import { describe, expect, it } from 'vitest';
import { contractProblems } from './support/openapi-validator.js';

// The contract helper every test relies on must be able to say no.
describe('contractProblems', () => {
  const headers = (entries: Record<string, string>) => new Headers({ 'x-request-id': 'req_1', ...entries });

  it('accepts a well-formed error body and refuses a malformed one', () => {
    const good = { error: { code: 'INVALID_INPUT', message: 'company_name is required.' } };
    expect(contractProblems('/api/check', 'POST', 400, headers({}), good)).toEqual([]);
    expect(
      contractProblems('/api/check', 'POST', 400, headers({}), { error: { code: 'NOPE', message: 'x' } }),
    ).not.toEqual([]);
    expect(contractProblems('/api/check', 'POST', 400, headers({}), { message: 'x' })).not.toEqual([]);
    const quotaWithoutUrl = { error: { code: 'QUOTA_EXCEEDED', message: 'used up' } };
    expect(contractProblems('/api/check', 'POST', 402, headers({}), quotaWithoutUrl)).not.toEqual([]);
  });

  it('checks required and integer headers, and undeclared statuses', () => {
    const busy = { error: { code: 'BUSY', message: 'later' } };
    expect(contractProblems('/api/check', 'POST', 503, headers({}), busy)).toContain(
      'missing header retry-after',
    );
    expect(contractProblems('/api/check', 'POST', 503, headers({ 'retry-after': 'soon' }), busy)).not.toEqual(
      [],
    );
    expect(contractProblems('/api/check', 'POST', 503, headers({ 'retry-after': '30' }), busy)).toEqual([]);
    expect(contractProblems('/api/check', 'POST', 418, headers({}), busy)).not.toEqual([]);
    expect(contractProblems('/healthz', 'GET', 200, new Headers(), { status: 'ok' })).toContain(
      'missing header x-request-id',
    );
  });

  it('refuses a result missing required fields', () => {
    expect(contractProblems('/api/check', 'POST', 200, headers({}), { outcome: 'ACCEPTED' })).not.toEqual([]);
  });
});
