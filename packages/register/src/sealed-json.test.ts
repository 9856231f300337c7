import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { newRegisterKey } from './register-key.js';
import {
  MAX_SEALED_DEPTH,
  openSealedJson,
  openSealedJsonOrWhy,
  sealJson,
  sealsEqual,
} from './sealed-json.js';

describe('sealed JSON', () => {
  it('compares the seal in constant time (timingSafeEqual), never with ===', () => {
    const { key } = newRegisterKey();
    const bytes = sealJson(key, { key_id: key.id, a: 1 });
    // Watched on the module object, which sealed-json reads at each call (files share a worker here).
    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    try {
      expect(openSealedJson(bytes, key)?.sealed).toBe(true);
      expect(compare).toHaveBeenCalledTimes(1);
      const forged = Buffer.from(
        Buffer.from(bytes)
          .toString('utf8')
          .replace(/"mac": "[0-9a-f]+"/, `"mac": "${'0'.repeat(64)}"`),
      );
      expect(openSealedJson(forged, key)?.sealed).toBe(false);
      expect(compare).toHaveBeenCalledTimes(2);
      expect(sealsEqual('ab', 'abc')).toBe(false);
    } finally {
      compare.mockRestore();
    }
  });

  it('refuses nesting past the bound before parsing, and says why', () => {
    const deep = (n: number) => Buffer.from(`{"mac":"x","a":${'['.repeat(n)}${']'.repeat(n)}}`);
    expect(openSealedJsonOrWhy(deep(MAX_SEALED_DEPTH - 1), undefined)).toHaveProperty('opened');
    expect(openSealedJsonOrWhy(deep(MAX_SEALED_DEPTH), undefined)).toEqual({ unreadable: 'too_deep' });
    // Brackets inside strings are text, not nesting.
    const text = Buffer.from(`{"mac":"x","a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`);
    expect(openSealedJsonOrWhy(text, undefined)).toHaveProperty('opened');
    expect(openSealedJsonOrWhy(Buffer.alloc(300 * 1024, 0x20), undefined)).toEqual({
      unreadable: 'too_large',
    });
  });
});
