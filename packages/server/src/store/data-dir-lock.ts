import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import { ensurePrivateDir } from './private-dir.js';

const LOCK_FILE = 'rtw-server.lock';
const heldHere = new Set<string>();

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it. The
 * lock file names the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): Outcome<() => void, string> {
  const folder = ensurePrivateDir(dataDir);
  if (!folder.ok) return folder;
  const path = join(dataDir, LOCK_FILE);
  const busy = (who: string) =>
    fail(
      `The data folder ${dataDir} is in use by ${who}. The embedded database serves one process at a time: ` +
        'stop that process first (a running rtw-server answers account and key commands itself, through its admin socket), ' +
        'or use PostgreSQL (--database-url) to share one database.',
    );
  if (heldHere.has(path)) return busy('this process');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldHere.add(path);
      return ok(() => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      });
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') {
        return fail(`Could not lock the data folder ${dataDir}: ${(error as Error).message}`);
      }
    }
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      return busy(`another process (pid ${owner})`);
    }
    rmSync(path, { force: true });
  }
  return busy('another process');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
