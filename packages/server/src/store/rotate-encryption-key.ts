import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import type { DatabaseConfig } from '../config.js';
import { generateEncryptionKey } from './encryption.js';
import { KEY_FILE_NAME, loadOrCreateKeyFile } from './key-file.js';
import { openDatabase } from './open-database.js';
import type { CompactedTable } from './shred-sql.js';

export type RotationOutcome =
  | {
      /**
       * The key file was changed, every value sealed again and the tables that held old-key values
       * compacted and checkpointed: the old key is gone from the file.
       */
      readonly kind: 'key-file';
      readonly path: string;
      readonly resealed: number;
      /** Values no key opened; the old keys then stay in the file. */
      readonly unreadable: number;
    }
  | {
      /** RTW_ENCRYPTION_KEY is in use: a new key to put first in it, in every process. */
      readonly kind: 'environment';
      readonly newKey: string;
      readonly currentKeys: number;
    };

function writeKeyFile(path: string, keys: readonly Buffer[]): void {
  // Written beside and renamed over: a crash leaves the old file or the new one, never half of one.
  const temporary = `${path}.new`;
  writeFileSync(temporary, `${keys.map((key) => key.toString('base64')).join('\n')}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/**
 * `rtw-server keys rotate-encryption`. With the embedded key file (the server stopped, as for every
 * admin command): a new key goes first in the file, every value under the old key (the data keys'
 * wrappings, account secrets and URLs) is sealed again with it, the tables that held them are
 * compacted and a checkpoint written (removing the WAL that held them), and the old key is removed. With RTW_ENCRYPTION_KEY: a new key is made for the operator to put first in
 * the variable of every process; servers then re-seal in the background, reading old values meanwhile.
 */
export async function rotateEncryptionKey(config: DatabaseConfig): Promise<Outcome<RotationOutcome, string>> {
  const fresh = generateEncryptionKey();
  if (config.encryptionKey !== null) {
    return ok({
      kind: 'environment',
      newKey: fresh.toString('base64'),
      currentKeys: 1 + (config.previousEncryptionKeys?.length ?? 0),
    });
  }
  if (config.databaseUrl !== null) return fail('RTW_ENCRYPTION_KEY is required with a PostgreSQL database.');
  const existing = loadOrCreateKeyFile(config.dataDir);
  if (!existing.ok) return existing;
  const path = join(config.dataDir, KEY_FILE_NAME);
  const opened = await openDatabase({
    ...config,
    encryptionKey: fresh,
    previousEncryptionKeys: existing.value,
  });
  if (!opened.ok) return opened;
  // Old keys stay in the file until every value has moved: a crash midway loses nothing. Written
  // after opening, which takes the data folder's lock (a running server keeps the file unchanged).
  try {
    writeKeyFile(path, [fresh, ...existing.value]);
  } catch (error) {
    await opened.value.close();
    return fail(`Could not write the encryption key file ${path}: ${(error as Error).message}`);
  }
  let resealed = 0;
  let unreadable = 0;
  const tables = new Set<CompactedTable>();
  try {
    for (;;) {
      const report = await opened.value.reseal(500);
      resealed += report.resealed;
      unreadable = report.unreadable;
      for (const table of report.tables) tables.add(table);
      if (report.resealed === 0) break;
    }
    // The old-key values are still in the tables' files (and the WAL) until rewritten and checkpointed:
    // only then may the old key go.
    if (unreadable === 0) await opened.value.finishReseal([...tables]);
  } finally {
    await opened.value.close();
  }
  if (unreadable === 0) writeKeyFile(path, [fresh]);
  return ok({ kind: 'key-file', path, resealed, unreadable });
}
