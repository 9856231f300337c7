import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_LIMIT, encodeCursor, readListQuery } from './list-query.js';

describe('readListQuery', () => {
  it('defaults to every status, 20 a page, from the newest', () => {
    expect(readListQuery({})).toEqual({
      ok: true,
      value: { status: null, limit: DEFAULT_LIST_LIMIT, after: null },
    });
  });

  it('reads a status, a limit and a cursor it made', () => {
    const at = new Date('2026-03-02T10:15:00.000Z');
    const read = readListQuery({ status: 'waiting', limit: '100', cursor: encodeCursor(at, 'creq_x') });
    expect(read).toEqual({
      ok: true,
      value: { status: 'waiting', limit: 100, after: { createdAt: at, id: 'creq_x' } },
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
});
