import { describe, expect, it } from 'vitest';
import { readPublicUrl } from './public-url.js';

describe('readPublicUrl', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['https://checks.example.com', 'https://checks.example.com'],
    ['https://checks.example.com/', 'https://checks.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['HTTPS://Checks.Example.com', 'https://checks.example.com'],
  ])('accepts %j as %j', (raw, origin) => {
    expect(readPublicUrl(raw)).toEqual({ ok: true, value: origin });
  });

  it.each([
    ['checks.example.com'],
    ['ftp://checks.example.com'],
    ['https://checks.example.com/r'],
    ['https://checks.example.com?x=1'],
    ['https://checks.example.com#top'],
    ['https://user:pw@checks.example.com'],
  ])('refuses %j, naming the setting', (raw) => {
    const read = readPublicUrl(raw);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(/^RTW_PUBLIC_URL must be/);
  });
});
