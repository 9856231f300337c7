import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** Temporary files are `.tmp-*`: a crash can leave one behind, never a half-written record. */
export const TEMP_PREFIX = '.tmp-';

/**
 * A temporary file whose writer is unknown (another machine on a shared folder, or an older version
 * that did not name itself) is removed only after this long: a write holds its file for milliseconds.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

// Each temporary file names its writer (this machine, as a short hash, and the process id), so the
// next write can tell a leftover of a process that died mid-write from a write still under way.
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const OURS = /^\.tmp-.+-([0-9a-f]{8})-(\d+)-[0-9a-f]{12}$/;
const LEGACY = /^\.tmp-.+-[0-9a-f]{12}$/;

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's. Only ESRCH says it is gone.
    return (error as { code?: unknown }).code !== 'ESRCH';
  }
}

async function isLeftover(dir: string, name: string, now: number): Promise<boolean> {
  const ours = OURS.exec(name);
  if (ours && ours[1] === HOST) return !processAlive(Number(ours[2]));
  if (!ours && !LEGACY.test(name)) return false;
  try {
    return now - (await stat(join(dir, name))).mtimeMs > LEFTOVER_AGE_MS;
  } catch {
    return false;
  }
}

/**
 * Deletes the unfinished writes an interrupted run (Ctrl-C, kill, power cut) left in `dir`: only
 * temporary files of this module's naming whose writer has died, or that are too old to be a write
 * under way. Nothing refers to them, and they may hold personal data.
 */
export async function removeLeftoverTemps(dir: string, now: Date = new Date()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX) || !(await isLeftover(dir, name, now.getTime()))) continue;
    try {
      await unlink(join(dir, name));
      removed.push(name);
    } catch {
      // Gone already (another run cleaned it) or not ours to remove: verify still names it.
    }
  }
  return removed;
}

/** The temporary file a process writes `path` through (`pid`: tests name another process). */
export function tempPathFor(path: string, pid: number = process.pid): string {
  return join(
    dirname(path),
    `${TEMP_PREFIX}${basename(path)}-${HOST}-${pid}-${randomBytes(6).toString('hex')}`,
  );
}

async function writeTemp(path: string, bytes: Uint8Array): Promise<string> {
  const dir = dirname(path);
  // Personal data: folders and files readable by their owner only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeLeftoverTemps(dir);
  const temp = tempPathFor(path);
  const handle = await durableFs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    // On disk before it gets its name: a power cut leaves the old state or the whole new file.
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/**
 * The file-system calls that order a durable write, looked up here at each call: the tests wrap them
 * to see the order (file synced, renamed or linked, then the folder synced).
 */
export const durableFs = { open, rename, link };

// Platforms where a folder cannot be opened for fsync (Windows) or the file system does not support
// it: the rename is as durable as the platform makes it.
const NO_FOLDER_SYNC: ReadonlySet<string> = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP']);

/**
 * fsync of the folder: a rename or link is an entry in its folder, and only a sync of the folder
 * puts that entry on disk. Without it a power cut just after the call can lose the new name (the
 * record written, then gone), though the call said it was done.
 */
export async function syncFolder(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await durableFs.open(dir, 'r');
  } catch (error) {
    if (NO_FOLDER_SYNC.has(String((error as { code?: unknown }).code))) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!NO_FOLDER_SYNC.has(String((error as { code?: unknown }).code))) throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Writes `bytes` at `path` only if nothing is there yet: written to a temporary file, then linked
 * in (link fails if the name is taken, so two writers never both win). Resolves false when taken.
 */
export async function writeNewFileAtomic(path: string, bytes: Uint8Array): Promise<boolean> {
  const temp = await writeTemp(path, bytes);
  let linked = false;
  try {
    await durableFs.link(temp, path);
    linked = true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  if (linked) await syncFolder(dirname(path));
  return linked;
}

/** Replaces (or creates) `path` atomically: temporary file, then rename over it. */
export async function replaceFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const temp = await writeTemp(path, bytes);
  try {
    await durableFs.rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(path));
}
