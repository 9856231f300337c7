import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.js';

describe('matchRoute', () => {
  it('finds the operation and the path parameter', () => {
    expect(matchRoute('POST', '/api/check')).toMatchObject({
      type: 'found',
      route: { operation: { type: 'sync-check', kind: 'right_to_work' } },
    });
    expect(matchRoute('POST', '/api/check/right-to-work/async')).toMatchObject({
      route: { operation: { type: 'create-check', kind: 'right_to_work' } },
    });
    expect(matchRoute('GET', '/api/check/async/chk_1')).toEqual({
      type: 'found',
      route: expect.objectContaining({ operation: { type: 'get-check', kind: null } }),
      params: { check_id: 'chk_1' },
    });
    expect(matchRoute('GET', '/api/check/immigration-status/async/x')).toMatchObject({
      route: { operation: { type: 'get-check', kind: 'immigration_status' } },
      params: { check_id: 'x' },
    });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('GET', '/api/check/right-to-rent')).toEqual({
      type: 'method-not-allowed',
      allowed: ['POST'],
    });
    expect(matchRoute('POST', '/api/check/async/chk_1')).toEqual({
      type: 'method-not-allowed',
      allowed: ['GET'],
    });
    expect(matchRoute('GET', '/api/check/right-to-rent/')).toEqual({ type: 'not-found' });
    expect(matchRoute('GET', '/api/check/async/')).toEqual({ type: 'not-found' });
    expect(matchRoute('GET', '/API/CHECK')).toEqual({ type: 'not-found' });
  });
});
