import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { afterCommitQueue, type Db, type Queryable, type QueryResult, runNow } from './db.js';

/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) in a data folder. It is one connection in
 * one process, so queries are serialised; the hot paths are a handful of point queries per request.
 * Its files are the owner's only (0600, folders 0700), those of an older version tightened first.
 */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenTree(dataDir);
  const pglite = await PGlite.create({ fs: new PrivateNodeFS(dataDir) });
  return wrap(pglite);
}

/** Every folder under `dir` (itself included) 0700 and every file 0600; symbolic links left alone. */
export function tightenTree(dir: string): void {
  const info = lstatSync(dir);
  if (info.isDirectory()) {
    if ((info.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    for (const name of readdirSync(dir)) tightenTree(join(dir, name));
  } else if (info.isFile() && (info.mode & 0o077) !== 0) {
    chmodSync(dir, info.mode & 0o700);
  }
}

interface NodeFsOps {
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
  setattr(node: unknown, attr: { mode?: number }): unknown;
}

/**
 * PGlite's Node filesystem, with every file and folder it creates or chmods kept to its owner: the
 * WASM PostgreSQL makes its files 0666 whatever the umask (seen: another local user read
 * pgdata/global and wrote PG_VERSION). Emscripten's NODEFS operations are wrapped before the data
 * folder is mounted, so no file is ever open to others, not even for a moment.
 */
class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const ownerOnly = (mod: { NODEFS: { node_ops: NodeFsOps; stream_ops: Partial<NodeFsOps> } }) => {
      const ops = mod.NODEFS.node_ops;
      const streams = mod.NODEFS.stream_ops;
      const mknod = ops.mknod.bind(ops);
      const setattr = ops.setattr.bind(ops);
      const masked = (attr: { mode?: number }) =>
        attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 };
      ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~0o077, dev);
      ops.setattr = (node, attr) => setattr(node, masked(attr));
      if (streams.setattr) {
        const streamSetattr = streams.setattr.bind(streams);
        streams.setattr = (stream, attr) => streamSetattr(stream, masked(attr));
      }
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // First: the operations are wrapped before NodeFS's own step mounts the data folder.
        preRun: [ownerOnly as never, ...(emscriptenOpts.preRun ?? [])],
      },
    };
  }
}

function adapt(q: Pick<PGlite, 'query' | 'exec'>, afterCommit: (fn: () => void) => void): Queryable {
  return {
    afterCommit,
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await q.query<Row>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

function wrap(pglite: PGlite): Db {
  const base = adapt(pglite, runNow);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    afterCommit: runNow,
    async transaction(fn) {
      const committed = afterCommitQueue();
      const value = await pglite.transaction((tx) => fn(adapt(tx, committed.add)));
      committed.run();
      return value;
    },
    close: () => pglite.close(),
  };
}
