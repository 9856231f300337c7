import { type Db, toBuffer } from './db.js';
import type { Cipher } from './encryption.js';

const NAME = 'encryption_canary';
const AAD = `meta:${NAME}`;
const TEXT = 'rtw-server encryption canary';

/**
 * The first start seals a known text; later starts must open it. A wrong RTW_ENCRYPTION_KEY is then
 * a clear error at start instead of unreadable rows later.
 */
export async function verifyEncryptionKey(
  db: Db,
  cipher: Cipher,
): Promise<{ ok: true } | { ok: false; error: string }> {
  await db.query('INSERT INTO meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    NAME,
    cipher.seal(TEXT, AAD),
  ]);
  const { rows } = await db.query<{ value: Uint8Array }>('SELECT value FROM meta WHERE name = $1', [NAME]);
  const stored = rows[0];
  const opened = stored ? cipher.open(toBuffer(stored.value), AAD) : null;
  if (opened?.ok && opened.value.toString('utf8') === TEXT) return { ok: true };
  return {
    ok: false,
    error:
      'The encryption key does not match the one this database was created with: set RTW_ENCRYPTION_KEY ' +
      '(or the encryption.key file in the data folder) back to the original key. Data sealed with it cannot be read otherwise.',
  };
}
