import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl, SANDBOX_BASE_URL } from './base-url.js';

describe('normaliseBaseUrl', () => {
  it('is the SDK default by default, and drops trailing slashes', () => {
    expect(SANDBOX_BASE_URL).toBe('http://127.0.0.1:8080');
    expect(normaliseBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(normaliseBaseUrl('https://api.example.com/share//')).toBe('https://api.example.com/share');
    expect(normaliseBaseUrl('HTTPS://API.example.com')).toBe('https://api.example.com');
  });

  it.each([
    '',
    'api.example.com',
    'ftp://example.com',
    'https://example.com/?a=1',
    'https://u:p@example.com',
  ])('refuses %j', (raw) => {
    expect(normaliseBaseUrl(raw)).toBeUndefined();
  });
});
