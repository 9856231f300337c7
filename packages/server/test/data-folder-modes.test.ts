// The data folder holds the embedded database, its key and the admin socket: nothing under it may be
// open to other users, whatever the folder was before the server started (issue 38).
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/start-server.js';
import { seedPgliteDataDir } from './support/pglite-template.js';

const root = mkdtempSync(join(tmpdir(), 'rtw-data-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` (itself included) that group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const info = lstatSync(path);
    if ((info.mode & 0o077) !== 0) found.push(`${(info.mode & 0o777).toString(8)} ${path}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

/** A folder made beforehand with the usual 0755, as `mkdir` under umask 022 (or a volume) leaves it. */
function openFolder(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  return dir;
}

const start = (dataDir: string, logs: string[] = []) =>
  startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    env: {},
    sweepIntervalMs: 0,
    shutdownDelayMs: 0,
    logDestination: { write: (line: string) => void logs.push(line) },
  });

describe('the data folder', () => {
  it('is tightened when it existed open to others, and the database files are the owner’s only', async () => {
    const dataDir = openFolder('data');
    // A copy of a database made by an older version, its files 0666 in 0755 folders.
    await seedPgliteDataDir(dataDir);
    chmodSync(join(dataDir, 'pgdata'), 0o755);
    chmodSync(join(dataDir, 'pgdata', 'PG_VERSION'), 0o666);
    const server = await start(dataDir);
    try {
      const created = await fetch(`${server.url}/livez`);
      expect(created.status).toBe(200);
      // New tables and rows: files the database creates while it runs.
      await server.database.db.exec('CREATE TABLE modes_probe (a int); INSERT INTO modes_probe VALUES (1);');
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await server.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  // Only root can give a folder to another user.
  it.skipIf(process.getuid?.() !== 0)(
    'refuses a folder owned by another user, before anything starts',
    async () => {
      const other = openFolder('other');
      chmodSync(other, 0o700);
      chownSync(other, 65534, 65534);
      await expect(start(other)).rejects.toMatchObject({
        problems: [expect.stringContaining('belongs to another user (uid 65534)')],
      });
      expect(readdirSync(other)).toEqual([]);
    },
  );

  it('goes on with a warning, before listening, when the admin socket cannot be made', async () => {
    const dataDir = join(root, 'socket-is-a-folder');
    mkdirSync(join(dataDir, 'admin.sock'), { recursive: true, mode: 0o700 });
    await seedPgliteDataDir(dataDir);
    const logs: string[] = [];
    const server = await start(dataDir, logs);
    try {
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
      const warned = logs.findIndex((line) => line.includes('admin socket unavailable'));
      const listening = logs.findIndex((line) => line.includes('rtw-server listening'));
      expect(warned).toBeGreaterThanOrEqual(0);
      expect(warned).toBeLessThan(listening);
      expect(logs[warned]).toContain('is a folder, not the socket a stopped server leaves');
      expect(lstatSync(join(dataDir, 'admin.sock')).isDirectory()).toBe(true);
    } finally {
      await server.close();
    }
    // The lock is released: nothing of this run is left but the database.
    expect(existsSync(join(dataDir, 'rtw-server.lock'))).toBe(false);
  }, 120_000);
});
