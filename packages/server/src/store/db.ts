import type { Transaction } from '../checks/async-ports.js';

/** The one database interface both PGlite (embedded) and PostgreSQL (`pg`) implement. SQL stays in src/store/. */
export interface QueryResult<Row> {
  readonly rows: Row[];
  /** Rows inserted, updated, deleted or returned. */
  readonly rowCount: number;
}

/**
 * Statements run on a connection or inside a transaction. It is the domain's `Transaction`: work
 * registered with `afterCommit` runs once the transaction commits (outside one, every statement
 * commits by itself, so at once).
 */
export interface Queryable extends Transaction {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite returns bytea as Uint8Array and pg as Buffer; callers always get a Buffer. */
export function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError('expected a bytea column');
}

/** pg returns int8 as a string and PGlite as a number; our int8 values are far below 2^53. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  throw new TypeError('expected a numeric column');
}

/** The domain hands back the transactions the store gave it: this is where they become SQL again. */
export function queryableOf(transaction: Transaction): Queryable {
  if (!('query' in transaction) || !('exec' in transaction)) {
    throw new TypeError('not a transaction of this store');
  }
  return transaction as Queryable;
}

/** Work to run after a commit, collected while the transaction is open. */
export function afterCommitQueue(): { readonly add: (fn: () => void) => void; run(): void } {
  const pending: Array<() => void> = [];
  return {
    add: (fn) => {
      pending.push(fn);
    },
    run() {
      // Committed: a failing callback must not turn the committed transaction into an error.
      for (const fn of pending.splice(0)) {
        try {
          fn();
        } catch {}
      }
    },
  };
}

/** Outside a transaction a statement commits by itself: after-commit work can run at once. */
export const runNow = (fn: () => void): void => {
  queueMicrotask(fn);
};

/** Lets code written for a `Db` (the usage repository) run inside an open transaction. */
export function dbInTransaction(tx: Queryable, kind: Db['kind']): Db {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    afterCommit: (fn) => tx.afterCommit(fn),
    transaction: (fn) => fn(tx),
    close: () => Promise.reject(new Error('a joined transaction is closed by its owner')),
  };
}
