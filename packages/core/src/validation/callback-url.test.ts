import { describe, expect, it } from 'vitest';
import { isInternalHostName, validateCallbackUrl } from './callback-url.js';

function refusal(raw: unknown): string {
  const result = validateCallbackUrl(raw);
  if (result.ok) throw new Error(`expected a refusal for ${String(raw)}`);
  expect(result.error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'callback_url' });
  expect(result.error.message).toMatch(/^callback_url /);
  return result.error.message;
}

describe('validateCallbackUrl', () => {
  it.each([
    'https://hooks.example.com/webhooks',
    'https://hooks.example.com:8443/rtw?ref=abc123',
    'https://example.com',
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
    'https://example.com./hook',
    'https://xn--bcher-kva.example/hook',
    'HTTPS://hooks.example.com/',
    'Https://hooks.example.com:443/rtw',
    `https://${'a'.repeat(63)}.example.com/`,
    `https://${Array.from({ length: 4 }, () => 'a'.repeat(61)).join('.')}.com/`,
  ])('accepts %s as given', (raw) => {
    expect(validateCallbackUrl(raw)).toEqual({ ok: true, value: raw });
  });

  it('accepts exactly 2048 characters and refuses 2049', () => {
    const base = 'https://hooks.example.com/';
    expect(validateCallbackUrl(base + 'a'.repeat(2048 - base.length)).ok).toBe(true);
    expect(refusal(base + 'a'.repeat(2049 - base.length))).toContain('longer than 2048');
  });

  it.each([
    ['http://hooks.example.com/', 'https'],
    ['HTTPS:hooks.example.com/', 'https'],
    ['HTTPS:///hooks.example.com', 'no host'],
    ['https://hooks.example.com:0/', 'port 0'],
    ['https://hooks.example../', 'empty label'],
    ['https://hooks..example.com/', 'empty label'],
    ['https://.hooks.example.com/', 'empty label'],
    [`https://${'a'.repeat(64)}.example.com/`, 'label longer than 63'],
    [`https://${Array.from({ length: 5 }, () => 'a'.repeat(50)).join('.')}.com/`, 'longer than 253'],
    ['https:hooks.example.com/', 'https'],
    ['ftp://hooks.example.com/', 'https'],
    ['//hooks.example.com/', 'https'],
    ['hooks.example.com', 'https'],
    ['https:///hooks.example.com', 'no host'],
    ['https://hooks.example.com\\@evil.example/', 'backslash'],
    ['https://user:pass@hooks.example.com/', 'user name or password'],
    ['https://user@hooks.example.com/', 'user name or password'],
    ['https://:pass@hooks.example.com/', 'user name or password'],
    ['https://:@example.com/', 'user name or password'],
    ['https://@example.com/', 'user name or password'],
    ['https://hooks.example.com:443@evil.example/', 'user name or password'],
    ['HTTPS://@hooks.example.com/', 'user name or password'],
    ['https://hooks.example.com/\u0085', 'control'],
    ['https://hooks.example.com/a b', 'spaces'],
    ['https://hooks.exa\nmple.com/', 'control'],
    [' https://hooks.example.com/', 'spaces'],
    ['https://exa mple.com/', 'spaces'],
    ['https://[::1', 'not a valid'],
    ['https://exa<mple.com/', 'not a valid'],
    ['https://999.999.999.999/', 'not a valid'],
    ['', 'empty'],
  ])('refuses %j (%s)', (raw, says) => {
    expect(refusal(raw)).toContain(says);
  });

  it.each([
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f.1/',
    'https://127.1/',
    'https://10.0.0.5/hook',
    'https://192.168.0.1/',
    'https://172.16.5.4/',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[fd00:ec2::254]/',
    'https://[fe80::1]/',
    // Cloud platforms' special addresses (cloud-metadata.ts), in every spelling.
    'https://168.63.129.16/',
    'https://0xa83f8110/',
    'https://[::ffff:168.63.129.16]/',
    'https://[::ffff:a83f:8110]/',
    'https://[64:ff9b::a83f:8110]/',
    'https://100.100.100.200/latest/meta-data',
    'https://[fd00:ec2::254]/latest/meta-data',
    'https://[FD00:EC2:0::254]/',
    'https://[fd20:ce::254]/',
    'https://192.0.0.192/',
    'https://169.254.170.2/',
  ])('refuses the private address %s', (raw) => {
    expect(refusal(raw)).toContain('private, internal or reserved IP address');
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST:8443/',
    'https://localhost./',
    'https://api.localhost/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://db.internal/',
    'https://printer.local/',
    'https://router.home.arpa/',
    'https://box.localdomain/',
    'https://ｌｏｃａｌｈｏｓｔ/',
  ])('refuses the internal name %s', (raw) => {
    expect(refusal(raw)).toContain('internal host name');
  });

  it('refuses single-label host names', () => {
    expect(refusal('https://intranet/hook')).toContain('fully qualified');
  });

  it.each([[undefined], [null], [42], [['https://example.com']], [{ href: 'https://example.com' }]])(
    'refuses the non-string %j',
    (raw) => {
      expect(refusal(raw)).toContain('must be a string');
    },
  );

  it('refuses a huge string without parsing it', () => {
    expect(refusal(`https://example.com/${'a'.repeat(10_000_000)}`)).toContain('longer than 2048');
  });
});

describe('isInternalHostName', () => {
  it('matches the names and their subdomains only', () => {
    expect(isInternalHostName('localhost')).toBe(true);
    expect(isInternalHostName('a.b.internal')).toBe(true);
    expect(isInternalHostName('notlocalhost.com')).toBe(false);
    expect(isInternalHostName('internal.example.com')).toBe(false);
    expect(isInternalHostName('local')).toBe(true);
  });
});
