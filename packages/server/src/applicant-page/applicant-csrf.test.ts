import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApplicantCsrf } from './applicant-csrf.js';

const HASH = 'a'.repeat(64);
const OTHER_HASH = 'b'.repeat(64);

describe('createApplicantCsrf', () => {
  const key = randomBytes(32);
  const csrf = createApplicantCsrf([key]);

  it('accepts the field made for this nonce and this link', () => {
    const nonce = csrf.newNonce();
    expect(csrf.isNonce(nonce)).toBe(true);
    expect(csrf.verify(nonce, HASH, csrf.fieldFor(nonce, HASH))).toBe(true);
  });

  it('refuses another browser, another link, a missing or altered field', () => {
    const nonce = csrf.newNonce();
    const field = csrf.fieldFor(nonce, HASH);
    expect(csrf.verify(csrf.newNonce(), HASH, field)).toBe(false);
    expect(csrf.verify(nonce, OTHER_HASH, field)).toBe(false);
    expect(csrf.verify(undefined, HASH, field)).toBe(false);
    expect(csrf.verify(nonce, HASH, undefined)).toBe(false);
    expect(csrf.verify(nonce, HASH, '')).toBe(false);
    expect(csrf.verify(nonce, HASH, `${field.slice(0, -1)}${field.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(csrf.verify(nonce, HASH, ['x'])).toBe(false);
    expect(csrf.verify('short', HASH, field)).toBe(false);
  });

  it('refuses a field made under another key, and keeps an old key verifying after a rotation', () => {
    const nonce = csrf.newNonce();
    const field = csrf.fieldFor(nonce, HASH);
    expect(createApplicantCsrf([randomBytes(32)]).verify(nonce, HASH, field)).toBe(false);
    const rotated = createApplicantCsrf([randomBytes(32), key]);
    expect(rotated.verify(nonce, HASH, field)).toBe(true);
    expect(rotated.fieldFor(nonce, HASH)).not.toBe(field);
  });

  it('makes a new nonce each time', () => {
    expect(new Set(Array.from({ length: 20 }, () => csrf.newNonce())).size).toBe(20);
  });

  it('needs a key', () => {
    expect(() => createApplicantCsrf([])).toThrow('needs a key');
  });
});
