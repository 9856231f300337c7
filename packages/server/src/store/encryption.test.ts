import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCipher,
  createKeyring,
  keyIdOf,
  parseEncryptionKey,
  parseEncryptionKeys,
} from './encryption.js';

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

describe('key ids and keyrings', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  /** A value in the first format (version 1, no key id), as databases written before hold them. */
  function sealV1(key: Buffer, text: string, aad: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(text), cipher.final()]);
    return Buffer.concat([Buffer.of(1), iv, cipher.getAuthTag(), body]);
  }

  it('writes version 2 with the key id after the version byte', () => {
    const sealed = createCipher(newKey).seal('x', 'a');
    expect(sealed[0]).toBe(2);
    expect(sealed.subarray(1, 5).equals(keyIdOf(newKey))).toBe(true);
  });

  it('opens version-1 values and values of every key in the ring; seals with the first', () => {
    const ring = createKeyring([newKey, oldKey]);
    const legacy = sealV1(oldKey, 'old value', 'a');
    const openedLegacy = ring.open(legacy, 'a');
    expect(openedLegacy.ok && openedLegacy.value.toString()).toBe('old value');
    const underOld = createCipher(oldKey).seal('older', 'a');
    const opened = ring.open(underOld, 'a');
    expect(opened.ok && opened.value.toString()).toBe('older');
    expect(ring.seal('new', 'a').subarray(0, 5).equals(ring.currentHeader)).toBe(true);
    expect(createCipher(newKey).open(underOld, 'a').ok).toBe(false);
    expect(createCipher(newKey).open(legacy, 'a').ok).toBe(false);
  });

  it('reads several keys, comma- or line-separated, the current first', () => {
    const text = `${newKey.toString('base64')},${oldKey.toString('hex')}`;
    const parsed = parseEncryptionKeys(text, 'RTW_ENCRYPTION_KEY');
    expect(parsed.ok && parsed.value.map((k) => k.toString('hex'))).toEqual([
      newKey.toString('hex'),
      oldKey.toString('hex'),
    ]);
    const bad = parseEncryptionKeys(`${newKey.toString('base64')}\nnope`, 'the key file');
    expect(!bad.ok && bad.error).toContain('Key 2 of the key file');
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
