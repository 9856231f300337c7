import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail, type Outcome } from '@sharecode/core';
import { generateEncryptionKey, parseEncryptionKeys } from './encryption.js';
import { ensurePrivateDir } from './private-dir.js';

export const KEY_FILE_NAME = 'encryption.key';

/**
 * The embedded default: the data folder holds its own key, created on first start with mode 0600.
 * A key file others can read is refused rather than silently used (as ssh does with private keys).
 */
export function loadOrCreateKeyFile(dataDir: string): Outcome<Buffer[], string> {
  const path = join(dataDir, KEY_FILE_NAME);
  const folder = ensurePrivateDir(dataDir);
  if (!folder.ok) return folder;
  try {
    writeFileSync(path, `${generateEncryptionKey().toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!isAlreadyExists(error)) {
      return fail(`Could not create the encryption key file ${path}: ${(error as Error).message}`);
    }
  }
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    return fail(
      `The encryption key file ${path} can be read by other users (mode ${mode.toString(8)}); run \`chmod 600 ${path}\`.`,
    );
  }
  // One key a line, the current one first (after `keys rotate-encryption`, until re-sealing ends).
  return parseEncryptionKeys(readFileSync(path, 'utf8'), `The encryption key file ${path}`);
}

function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EEXIST';
}
