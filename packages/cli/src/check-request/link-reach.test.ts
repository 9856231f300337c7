import { describe, expect, it } from 'vitest';
import { linkIsLocalOnly } from './link-reach.js';

describe('linkIsLocalOnly', () => {
  it.each([
    'http://127.0.0.1:8080/r/x',
    'http://localhost:8080/r/x',
    'http://[::1]:8080/r/x',
    'http://10.0.0.5/r/x',
    'http://192.168.1.20/r/x',
    'http://rtw-server:8080/r/x',
    'http://rtw.office.local/r/x',
  ])('%s: the applicant cannot open it from elsewhere', (url) => {
    expect(linkIsLocalOnly(url)).toBe(true);
  });

  it.each(['https://rtw.example.com/r/x', 'https://8.8.8.8/r/x', 'not a url'])(
    '%s: nothing to say',
    (url) => {
      expect(linkIsLocalOnly(url)).toBe(false);
    },
  );
});
