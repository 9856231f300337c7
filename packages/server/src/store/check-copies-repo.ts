import type { CheckCopiesRepo, CheckCopy } from '../checks/ports.js';
import { type CheckOwnerRow, checkOwner } from './async-check-row.js';
import type { SealingKeys } from './data-keys.js';
import { type Db, toBuffer } from './db.js';

interface CopyRow extends CheckOwnerRow {
  http_status: number;
  error_code: string | null;
  sealed: Uint8Array;
  created_at: Date;
  expires_at: Date;
}

/** The additional data ties a sealed copy to its row: moved into another row, it does not open. */
const aadOf = (id: string) => `check_copies:${id}:sealed`;

export function createCheckCopiesRepo(db: Db, keys: SealingKeys): CheckCopiesRepo {
  return {
    async insert(copy) {
      // With the key of the day it is deleted on: once that day has passed, every copy is unreadable.
      const sealed = await keys.sealUntil(
        db,
        copy.expiresAt,
        JSON.stringify({ request: copy.request, result: copy.result, error: copy.error }),
        aadOf(copy.id),
      );
      await db.query(
        `INSERT INTO check_copies
           (id, account_id, key_id, mode, kind, request_id, http_status, error_code, sealed, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          copy.id,
          copy.accountId,
          copy.keyId,
          copy.mode,
          copy.kind,
          copy.requestId,
          copy.httpStatus,
          copy.errorCode,
          sealed,
          copy.createdAt,
          copy.expiresAt,
        ],
      );
    },
    async get(id) {
      const { rows } = await db.query<CopyRow>(
        `SELECT id, account_id, key_id, mode, kind, request_id, http_status, error_code, sealed, created_at, expires_at
           FROM check_copies WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      const opened = keys.open(toBuffer(row.sealed), aadOf(row.id));
      if (!opened.ok) throw new Error(`check copy ${row.id} does not decrypt with the configured key`);
      const content = JSON.parse(opened.value.toString('utf8')) as Pick<
        CheckCopy,
        'request' | 'result' | 'error'
      >;
      const copy: CheckCopy = {
        ...checkOwner(row),
        httpStatus: row.http_status,
        errorCode: row.error_code,
        request: content.request,
        result: content.result,
        error: content.error,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
      };
      return copy;
    },
  };
}
