import { describe, expect, it } from 'vitest';
import { checkNewPassword, hashPassword, verifyPassword } from './password.js';

describe('dashboard passwords', () => {
  it('hashes with scrypt and a salt, and verifies only the same password', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', a)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$1$1$1$AAAA$AAAA')).toBe(false);
  });

  it('hashes at a lowered cost when asked, and verifies by the cost stored with the hash', async () => {
    const cheap = await hashPassword('correct horse battery staple', 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$3\$/);
    expect(await verifyPassword('correct horse battery staple', cheap)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', cheap)).toBe(false);
  });

  it('asks for at least 12 characters and no more than 256', () => {
    expect(checkNewPassword('short').ok).toBe(false);
    expect(checkNewPassword('twelve chars').ok).toBe(true);
    expect(checkNewPassword('x'.repeat(257)).ok).toBe(false);
  });
});
