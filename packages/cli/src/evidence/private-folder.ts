import { chmod, mkdir, stat } from 'node:fs/promises';

/**
 * Makes `dir` (and any missing parent) a folder only its owner can open, whatever existed before:
 * evidence and webhooks hold personal data. An existing folder open to others is tightened to 0700;
 * one owned by another user is refused with a message (its owner could read what is saved in it).
 */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await stat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is a file, not a folder: give a folder for the evidence.`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid !== undefined && info.uid !== uid) {
    throw new Error(
      `${dir} belongs to another user (uid ${info.uid}), who could read the personal data saved in it: give a folder of your own (--out DIR).`,
    );
  }
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
}
