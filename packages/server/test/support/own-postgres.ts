// A PostgreSQL cluster of the test's own (initdb in a temporary folder, pg_ctl to start and stop it),
// for tests that stop the database under a running server. The shared server on 127.0.0.1:5432 is
// never stopped. As root, the cluster runs as the `postgres` user (PostgreSQL refuses root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder (Debian's layout), or null when none is installed. */
export function postgresBin(): string | null {
  if (!existsSync(BIN_ROOT)) return null;
  const versions = readdirSync(BIN_ROOT)
    .filter((v) => existsSync(join(BIN_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(BIN_ROOT, versions[0], 'bin') : null;
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth) */
  readonly url: string;
  start(): void;
  /** A fast shutdown: sessions are ended, as when the database server is stopped or restarted. */
  stop(): void;
  /** Stops it (when running) and deletes its folder. */
  remove(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries are missing: apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'rtw-own-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        cwd: dir,
      },
    );
  pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stop() {
      pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    remove() {
      if (running) own.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  own.start();
  return own;
}
