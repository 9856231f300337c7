import { describe, expect, it } from 'vitest';
import { encodeCursor } from './list-cursor.js';
import { DEFAULT_LIST_LIMIT, readListQuery } from './list-query.js';

// The service passes its parsed query (a repeated parameter as a list), the sandbox URLSearchParams.
const params = (query: string) => readListQuery(new URLSearchParams(query));

describe('readListQuery', () => {
  it('defaults to every status, 20 a page, from the newest', () => {
    const defaults = { ok: true, value: { status: null, limit: DEFAULT_LIST_LIMIT, after: null } };
    expect(DEFAULT_LIST_LIMIT).toBe(20);
    expect(readListQuery({})).toEqual(defaults);
    expect(params('')).toEqual(defaults);
  });

  it('reads a status, a limit and a cursor it made', () => {
    const at = new Date('2026-03-02T10:15:00.000Z');
    const read = readListQuery({ status: 'waiting', limit: '100', cursor: encodeCursor(at, 'creq_x') });
    expect(read).toEqual({
      ok: true,
      value: { status: 'waiting', limit: 100, after: { createdAt: at, id: 'creq_x' } },
    });
  });

  it('reads back the cursor it gave, from URLSearchParams', () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const cursor = encodeCursor(at, `creq_${'a'.repeat(32)}`);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(params(`status=locked&limit=100&cursor=${cursor}`)).toEqual({
      ok: true,
      value: { status: 'locked', limit: 100, after: { createdAt: at, id: `creq_${'a'.repeat(32)}` } },
    });
  });

  it.each([
    [{ status: 'done' }, 'status'],
    [{ status: ['waiting', 'locked'] }, 'status'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ limit: '' }, 'limit'],
    [{ cursor: 'not a cursor' }, 'cursor'],
    [{ cursor: Buffer.from('["yesterday","creq_x"]').toString('base64url') }, 'cursor'],
    [{ cursor: Buffer.from('{"a":1}').toString('base64url') }, 'cursor'],
  ])('refuses %j naming %s', (query, field) => {
    const read = readListQuery(query);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error).toMatchObject({ code: 'INVALID_INPUT', field });
      expect(read.error.message.startsWith(field)).toBe(true);
    }
  });

  it.each([
    ['status=open', 'status'],
    ['status=waiting&status=locked', 'status'],
    ['limit=0', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['cursor=', 'cursor'],
    [`cursor=${btoa('["not a date","x"]')}`, 'cursor'],
  ])('refuses URLSearchParams %s, naming %s', (query, field) => {
    const answer = params(query);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ code: 'INVALID_INPUT', field });
  });
});
