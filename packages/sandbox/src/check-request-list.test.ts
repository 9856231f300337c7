import { describe, expect, it } from 'vitest';
import { encodeCursor, readListQuery } from './check-request-list.js';

const read = (query: string) => readListQuery(new URLSearchParams(query));

describe('readListQuery', () => {
  it('defaults to every status, 20 a page, from the start', () => {
    expect(read('')).toEqual({ ok: true, value: { status: null, limit: 20, after: null } });
  });

  it('reads back the cursor it gave', () => {
    const cursor = encodeCursor(new Date('2026-03-01T10:00:00.000Z'), `creq_${'a'.repeat(32)}`);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(read(`status=locked&limit=100&cursor=${cursor}`)).toEqual({
      ok: true,
      value: {
        status: 'locked',
        limit: 100,
        after: { createdAt: '2026-03-01T10:00:00.000Z', id: `creq_${'a'.repeat(32)}` },
      },
    });
  });

  it.each([
    ['status=open', 'status'],
    ['status=waiting&status=locked', 'status'],
    ['limit=0', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['cursor=', 'cursor'],
    [`cursor=${btoa('["not a date","x"]')}`, 'cursor'],
  ])('refuses %s, naming %s', (query, field) => {
    const answer = read(query);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ code: 'INVALID_INPUT', field });
  });
});
