import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../database-unavailable.js';
import { frameworkErrorToCheckError } from './framework-errors.js';

describe('frameworkErrorToCheckError', () => {
  it('maps body and routing errors to INVALID_INPUT with a message that says what to do', () => {
    const cases: Array<[unknown, string]> = [
      [{ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }, 'Content-Type'],
      [{ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }, '64 KiB'],
      [{ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }, 'empty'],
      [{ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }, 'not valid JSON'],
      [{ code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400 }, 'Content-Length'],
      [{ code: 'FST_ERR_BAD_URL', statusCode: 400 }, 'path'],
      [new SyntaxError('Unexpected token'), 'JSON'],
      [{ code: 'FST_ERR_SOMETHING_NEW', statusCode: 422 }, 'JSON'],
    ];
    for (const [error, words] of cases) {
      const mapped = frameworkErrorToCheckError(error);
      expect(mapped.code).toBe('INVALID_INPUT');
      expect(mapped.message).toContain(words);
    }
  });

  it('treats anything else as a server fault', () => {
    expect(frameworkErrorToCheckError(new Error('boom')).code).toBe('INTERNAL');
    expect(frameworkErrorToCheckError({ statusCode: 503 }).code).toBe('INTERNAL');
    expect(frameworkErrorToCheckError('a string').code).toBe('INTERNAL');
  });

  it('maps the database out of reach, raised or wrapped, to BUSY with Retry-After (never INTERNAL)', () => {
    const away = new DatabaseUnavailableError('The database cannot be reached');
    for (const error of [away, new Error('while reading the key', { cause: away })]) {
      const mapped = frameworkErrorToCheckError(error);
      expect(mapped.code).toBe('BUSY');
      expect(mapped.retryAfter).toBe(5);
      expect(mapped.message).toContain('cannot reach its database');
    }
  });
});
