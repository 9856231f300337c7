import { hkdfSync } from 'node:crypto';

/**
 * Keys for one purpose (signing dashboard device cookies, say) derived from the encryption keys with
 * HKDF-SHA256, in the same order: the first signs, every one verifies. So they need no storage of
 * their own, are the same in every process sharing the database, and follow a key rotation
 * (`NEW,OLD` keeps what the old key signed valid until OLD is removed).
 */
export function deriveKeys(masterKeys: readonly Buffer[], purpose: string): readonly Buffer[] {
  return masterKeys.map((key) =>
    Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `rtw-server ${purpose}`, 32)),
  );
}
