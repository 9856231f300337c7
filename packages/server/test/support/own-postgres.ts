import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

// A PostgreSQL cluster of the test's own (initdb and pg_ctl in a temporary folder, its own port), so
// a test can stop and start it as an outage would, without touching the shared server on 5432 that
// every other test file uses.

/** The folder of initdb and pg_ctl: `pg_config --bindir`, else Debian's newest, else null. */
export function postgresBinDir(): string | null {
  const candidates = [process.env.RTW_TEST_PG_BINDIR];
  try {
    // Synchronous, once at load: describe.skipIf needs the answer before any test runs.
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {}
  for (const version of ['18', '17', '16', '15', '14']) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  return (
    candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ??
    null
  );
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  /** `pg_ctl stop`: `fast` is an operator's clean stop, `immediate` a crash (recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startOwnPostgres(binDir: string): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'rtw-own-pg-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, its folder and processes belong to `postgres`.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: readonly string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(binDir, tool), ...args])
      : run(join(binDir, tool), [...args]);
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=40',
  ].join(' ');
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', options]);
    running = true;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop(mode) {
      await pg('pg_ctl', ['stop', '-D', data, '-w', '-t', '60', '-m', mode]);
      running = false;
    },
    async destroy() {
      if (running) await pg('pg_ctl', ['stop', '-D', data, '-w', '-m', 'immediate']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
