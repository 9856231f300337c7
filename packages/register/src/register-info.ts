import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeNewFileAtomic } from './atomic-write.js';
import { outsideHeadFor } from './chain-head.js';
import type { Register } from './open-register.js';
import { ensurePrivateDir } from './private-dir.js';
import { ShareCodeRegisterError } from './register-error.js';
import { openSealedJson, readBounded, readSealedJson, sealJson } from './sealed-json.js';

/** The register's own file: which register this is and which key seals it. */
export const REGISTER_FILE = 'register.json';
export const REGISTER_FORMAT = 'rtw-register/1';

export interface RegisterInfo {
  format: typeof REGISTER_FORMAT;
  /** A random id: names the chain's head kept outside the folder. */
  id: string;
  /** The key every receipt of this register is sealed with (see `RegisterKey.id`). */
  key_id: string;
  created_at: string;
}

/** register.json as read (its seal checked when a key is given), or undefined when absent or unreadable. */
export async function readRegisterInfo(
  dir: string,
  key?: Register['key'],
): Promise<{ info: RegisterInfo; sealed: boolean | undefined } | undefined> {
  const read = await readSealedJson(join(dir, REGISTER_FILE), key);
  if (read === undefined) return undefined;
  const { opened } = read;
  const body = opened?.body;
  if (body?.format !== REGISTER_FORMAT || typeof body.id !== 'string' || typeof body.key_id !== 'string') {
    return undefined;
  }
  return { info: body as unknown as RegisterInfo, sealed: opened?.canonical ? opened.sealed : false };
}

/**
 * The key id a register folder is sealed with: register.json's, else (a register older than that
 * file) the newest receipt's. Undefined for a folder that holds no register.
 */
export async function registerKeyId(dir: string): Promise<string | undefined> {
  const known = await readRegisterInfo(dir);
  if (known) return known.info.key_id;
  let names: string[];
  try {
    names = (await readdir(join(dir, 'receipts'))).filter((n) => /^\d{6}\.json$/.test(n)).sort();
  } catch {
    return undefined;
  }
  for (const name of names.reverse()) {
    const bytes = await readBounded(join(dir, 'receipts', name)).catch(() => undefined);
    if (bytes === undefined || bytes === 'too_large') continue;
    const opened = openSealedJson(bytes, undefined);
    if (typeof opened?.body.key_id === 'string') return opened.body.key_id;
  }
  return undefined;
}

// What a register folder may hold before its register.json: nothing, or what a first filing
// interrupted before writing it left (its evidence folder, unfinished writes).
const NEW_REGISTER_LEFTOVERS = /^(evidence|receipts|\.tmp-.*)$/;

/** A register starts in an empty (or new) folder only: never among someone's other files. */
async function refuseOtherFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw error;
  }
  const others = names.filter((name) => !NEW_REGISTER_LEFTOVERS.test(name));
  if (others.length > 0) {
    throw new ShareCodeRegisterError(
      'bad_register',
      `${dir} holds other files (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', ...' : ''}) and no register: a register starts in an empty or new folder. Give another folder.`,
    );
  }
}

function wrongKey(register: Register, expected: string): ShareCodeRegisterError {
  return new ShareCodeRegisterError(
    'wrong_key',
    `The register at ${register.dir} is sealed with key ${expected}, not with the key in use (${register.key.id}): set RTW_REGISTER_KEY to the register's key (ask whoever keeps it). Nothing was written.`,
  );
}

/**
 * The register's info, written on its first filing (or by `initRegister`). Refuses a key other than
 * the register's, and refuses to start a new register in a folder whose receipts are gone.
 */
export async function ensureRegisterInfo(
  register: Register,
  now: Date,
): Promise<{ info: RegisterInfo; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = await readRegisterInfo(register.dir);
    if (known) {
      if (known.info.key_id !== register.key.id) throw wrongKey(register, known.info.key_id);
      // Whatever its mode was before (a folder made by hand, a copy): readable by its owner only.
      await ensurePrivateDir(register.dir);
      return { info: known.info, created: false };
    }
    const older = await registerKeyId(register.dir);
    if (older !== undefined && older !== register.key.id) throw wrongKey(register, older);
    const outside = older === undefined ? await outsideHeadFor(register, undefined) : undefined;
    if (outside !== undefined && outside.head.count > 0) {
      throw new ShareCodeRegisterError(
        'register_gone',
        `${register.dir} held a register of ${outside.head.count} receipts (its head is kept in ${outside.path}), and they are gone: restore the folder from a backup, or run verify. A new register is not started over it.`,
      );
    }
    if (older === undefined) await refuseOtherFiles(register.dir);
    const info: RegisterInfo = {
      format: REGISTER_FORMAT,
      id: randomBytes(12).toString('hex'),
      key_id: register.key.id,
      created_at: now.toISOString(),
    };
    await ensurePrivateDir(register.dir);
    if (await writeNewFileAtomic(join(register.dir, REGISTER_FILE), sealJson(register.key, info))) {
      return { info, created: true };
    }
    // Another process wrote it first: read theirs.
  }
  throw new ShareCodeRegisterError('write_failed', `Could not write ${REGISTER_FILE} in ${register.dir}.`);
}
