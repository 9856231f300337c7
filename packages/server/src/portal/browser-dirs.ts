import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The folders one browser writes to (profile, downloads, Playwright artifacts), all under a root the
 * service owns (mode 0700). A PDF of an applicant may land here for the moment a check reads it; a
 * process killed in that moment leaves it behind, so each start sweeps the folders of processes that
 * are gone (decisions.md, "First-day fixes").
 */
export interface BrowserDirs {
  /** Downloads and Playwright's artifacts. */
  readonly artifactsDir: string;
  /** TMPDIR of the browser and of Playwright while it launches (where the profile is made). */
  readonly tmpDir: string;
  /** Deletes both; safe to call twice. */
  remove(): void;
}

const RUN_PREFIX = 'run-';
const PRIVATE = 0o700;

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerPid(name: string): number | null {
  const match = /^run-(\d+)-/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Creates the root (0700) and deletes what processes no longer running left in it. Returns what was removed. */
export function sweepBrowserRoot(root: string): string[] {
  mkdirSync(root, { recursive: true, mode: PRIVATE });
  chmodSync(root, PRIVATE);
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    const pid = ownerPid(name);
    // Anything not named by a live process is a leftover (or not ours to keep in a private folder).
    if (pid !== null && isAlive(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A fresh pair of folders for one browser under `root` (swept by `sweepBrowserRoot` once this process is gone). */
export function createBrowserDirs(root: string): BrowserDirs {
  mkdirSync(root, { recursive: true, mode: PRIVATE });
  const runDir = join(root, `${RUN_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  const artifactsDir = join(runDir, 'artifacts');
  const tmpDir = join(runDir, 'tmp');
  mkdirSync(artifactsDir, { recursive: true, mode: PRIVATE });
  mkdirSync(tmpDir, { recursive: true, mode: PRIVATE });
  return {
    artifactsDir,
    tmpDir,
    remove: () => rmSync(runDir, { recursive: true, force: true }),
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `launch` with TMPDIR pointing at `tmpDir`: Playwright makes a launched browser's profile with
 * `os.tmpdir()` and offers no option for it. Launches take turns so that each profile lands in its
 * own browser's folder; TMPDIR is put back after each.
 */
export function withTmpDir<T>(tmpDir: string, launch: () => Promise<T>): Promise<T> {
  const run = async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmpDir;
    try {
      return await launch();
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
