import { chmod, lstat, mkdir, stat } from 'node:fs/promises';
import { ShareCodeRegisterError } from './register-error.js';

/**
 * Makes `dir` (and any missing parent) a folder only its owner can open, whatever was there before:
 * an existing folder open to others is tightened to 0700; one owned by another user is refused (its
 * owner could read everything filed in it). `within` true: a folder inside the register, which may
 * not be a symbolic link (it could point anywhere).
 */
export async function ensurePrivateDir(dir: string, options: { within?: boolean } = {}): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = options.within === true ? await lstat(dir) : await stat(dir);
  if (info.isSymbolicLink() || !info.isDirectory()) {
    throw new ShareCodeRegisterError(
      'bad_register',
      `${dir} is not a folder of the register (a symbolic link or a file): nothing is filed through it. Run rtw register verify.`,
    );
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid !== undefined && info.uid !== uid) {
    throw new ShareCodeRegisterError(
      'bad_register',
      `${dir} belongs to another user (uid ${info.uid}): personal data is not filed in a folder someone else owns. Use a folder of your own.`,
    );
  }
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
}
