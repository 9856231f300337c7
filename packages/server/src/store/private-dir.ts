import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { fail, type Outcome, ok } from '@sharecode/core';

/**
 * Makes the data folder (and any missing parent) one only this user can open, whatever existed
 * before: `mkdir`'s mode does nothing to a folder already there, so one made 0755 beforehand is
 * tightened to 0700. A folder owned by another user is refused: its owner could read the database,
 * the keys and the browser's files whatever their modes.
 */
export function ensurePrivateDir(dir: string, what = 'The data folder'): Outcome<void, string> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const info = statSync(dir);
    if (!info.isDirectory()) return fail(`${what} ${dir} is not a folder: give a folder (--data-dir).`);
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    if (uid !== undefined && info.uid !== uid) {
      return fail(
        `${what} ${dir} belongs to another user (uid ${info.uid}), who could read the database and keys in it: ` +
          `run rtw-server as that user, or give a folder of this user's (uid ${uid}), e.g. \`chown -R ${uid} ${dir}\`.`,
      );
    }
    if ((info.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return ok(undefined);
  } catch (error) {
    return fail(`${what} ${dir} cannot be made private: ${(error as Error).message}`);
  }
}
