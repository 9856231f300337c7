import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCipher, parseEncryptionKey } from './encryption.js';

describe('AES-256-GCM sealing', () => {
  const cipher = createCipher(randomBytes(32));

  it('opens what it sealed, with the same additional data only', () => {
    const sealed = cipher.seal('WACPT0001 1990-01-01', 'check_copies:chk_1:sealed');
    expect(sealed.includes(Buffer.from('WACPT0001'))).toBe(false);
    const opened = cipher.open(sealed, 'check_copies:chk_1:sealed');
    expect(opened.ok && opened.value.toString()).toBe('WACPT0001 1990-01-01');
    expect(cipher.open(sealed, 'check_copies:chk_2:sealed').ok).toBe(false);
  });

  it('uses a fresh IV each time and refuses tampered values and other keys', () => {
    const a = cipher.seal('same', 'x');
    const b = cipher.seal('same', 'x');
    expect(a.equals(b)).toBe(false);
    const tampered = Buffer.from(a);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(cipher.open(tampered, 'x').ok).toBe(false);
    expect(createCipher(randomBytes(32)).open(a, 'x').ok).toBe(false);
    expect(cipher.open(Buffer.alloc(5), 'x').ok).toBe(false);
  });
});

describe('parseEncryptionKey', () => {
  const key = randomBytes(32);

  it('reads 64 hex characters and base64 (standard or URL-safe, padded or not)', () => {
    for (const text of [
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
      `  ${key.toString('base64')}\n`,
    ]) {
      const parsed = parseEncryptionKey(text, 'RTW_ENCRYPTION_KEY');
      expect(parsed.ok && parsed.value.equals(key)).toBe(true);
    }
  });

  it('explains what is wrong and how to make a key', () => {
    for (const text of ['', 'abc', randomBytes(16).toString('base64'), 'not a key at all!', 'z'.repeat(64)]) {
      const parsed = parseEncryptionKey(text, 'RTW_ENCRYPTION_KEY');
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.error).toMatch(/RTW_ENCRYPTION_KEY.*openssl rand/);
    }
  });
});
