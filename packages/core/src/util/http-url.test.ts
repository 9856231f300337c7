import { describe, expect, it } from 'vitest';
import { baseUrlOf, parseHttpUrl } from './http-url.js';

describe('parseHttpUrl', () => {
  it('takes absolute http and https URLs, a query included', () => {
    expect(parseHttpUrl('https://example.com/a?b=1')?.href).toBe('https://example.com/a?b=1');
    expect(parseHttpUrl('http://127.0.0.1:8080')?.origin).toBe('http://127.0.0.1:8080');
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'https://user:pw@example.com',
    'https://example.com/#part',
    '',
  ])('refuses %j', (text) => {
    expect(parseHttpUrl(text)).toBeNull();
  });
});

describe('baseUrlOf', () => {
  it('keeps the origin and path, without trailing slashes', () => {
    expect(baseUrlOf('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(baseUrlOf('https://example.com/api//')).toBe('https://example.com/api');
  });

  it('refuses a query', () => {
    expect(baseUrlOf('https://example.com/api?x=1')).toBeNull();
  });
});
