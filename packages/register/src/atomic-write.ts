import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Temporary files are `.tmp-*`: a crash can leave one behind, never a half-written record. */
export const TEMP_PREFIX = '.tmp-';

async function writeTemp(path: string, bytes: Uint8Array): Promise<string> {
  const dir = dirname(path);
  // Personal data: folders and files readable by their owner only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `${TEMP_PREFIX}${basename(path)}-${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', 0o600);
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
 * Writes `bytes` at `path` only if nothing is there yet: written to a temporary file, then linked
 * in (link fails if the name is taken, so two writers never both win). Resolves false when taken.
 */
export async function writeNewFileAtomic(path: string, bytes: Uint8Array): Promise<boolean> {
  const temp = await writeTemp(path, bytes);
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Replaces (or creates) `path` atomically: temporary file, then rename over it. */
export async function replaceFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const temp = await writeTemp(path, bytes);
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
