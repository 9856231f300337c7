import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bucketOf, createSealingKeys, openCheckBucket, sealedKeyId } from './data-keys.js';
import type { Queryable } from './db.js';
import { createKeyring } from './encryption.js';

/** The data_keys table of one database, as the three statements of data-keys.ts see it. */
function dataKeysTable(): Queryable {
  const rows = new Map<string, { day: string; key_id: Buffer; key_sealed: Buffer }>();
  return {
    afterCommit: (fn) => fn(),
    exec: async () => {},
    async query(sql: string, params: readonly unknown[] = []) {
      if (sql.startsWith('INSERT INTO data_keys')) {
        const [day, keyId, sealed] = params as [string, Buffer, Buffer];
        if (rows.has(day)) return { rows: [], rowCount: 0 };
        rows.set(day, { day, key_id: keyId, key_sealed: sealed });
        return { rows: [{ day, key_sealed: sealed }] as never[], rowCount: 1 };
      }
      if (sql.includes('WHERE day = $1')) {
        const row = rows.get(params[0] as string);
        return { rows: (row ? [row] : []) as never[], rowCount: row ? 1 : 0 };
      }
      const ids = params[0] as string[];
      const found = [...rows.values()].filter((row) => ids.includes(row.key_id.toString('hex')));
      return { rows: found as never[], rowCount: found.length };
    },
  };
}

describe('data keys per deletion bucket', () => {
  const master = createKeyring([randomBytes(32)]);
  const due = new Date('2026-11-30T08:00:00Z');

  it('seals under the day key; another process opens it once it has loaded the key its row names', async () => {
    const table = dataKeysTable();
    const writer = createSealingKeys(master);
    const sealed = await writer.sealUntil(table, due, 'WF7K2M9QD', 'aad');
    expect(sealedKeyId(sealed)).not.toBe(master.keyIds[0]);
    expect(writer.open(sealed, 'aad').ok).toBe(true);
    // The same day's key again: no new row.
    const again = await writer.sealUntil(table, new Date('2026-11-30T23:00:00Z'), 'x', 'aad');
    expect(sealedKeyId(again)).toBe(sealedKeyId(sealed));

    const reader = createSealingKeys(master);
    expect(reader.open(sealed, 'aad').ok).toBe(false);
    await reader.loadFor(table, [{ request_sealed: sealed, idempotency_key_hash: Buffer.of(2, 1, 2, 3, 4) }]);
    const opened = reader.open(sealed, 'aad');
    expect(opened.ok && opened.value.toString()).toBe('WF7K2M9QD');
    // Results cross the driver as base64 text: their key is found too.
    expect(sealedKeyId(sealed.toString('base64'))).toBe(sealedKeyId(sealed));
    expect(bucketOf(due)).toBe('2026-11-30');
  });

  it('opens values sealed with the master key before crypto-shredding', () => {
    const keys = createSealingKeys(master);
    const opened = keys.open(master.seal('legacy', 'aad'), 'aad');
    expect(opened.ok && opened.value.toString()).toBe('legacy');
  });

  it('forgets a deleted day key, and open checks keys unused for a sweep interval', async () => {
    const table = dataKeysTable();
    const keys = createSealingKeys(master);
    const day = await keys.sealUntil(table, due, 'day', 'a');
    const idle = await keys.sealIn(table, openCheckBucket('chk_idle'), 'idle', 'a');
    const busy = await keys.sealIn(table, openCheckBucket('chk_busy'), 'busy', 'a');
    keys.forgetOpenChecks();
    expect(keys.open(busy, 'a').ok).toBe(true);
    keys.forgetOpenChecks();
    expect(keys.open(idle, 'a').ok).toBe(false);
    expect(keys.open(busy, 'a').ok).toBe(true);
    // Loaded again when a row names it.
    await keys.loadFor(table, [{ request_sealed: idle }]);
    expect(keys.open(idle, 'a').ok).toBe(true);
    keys.forget([bucketOf(due)]);
    expect(keys.open(day, 'a').ok).toBe(false);
  });
});
