import { chmod, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { writeNewFileAtomic } from './atomic-write.js';
import { ShareCodeRegisterError } from './register-error.js';
import { registerKeyId } from './register-info.js';
import { newRegisterKey, parseRegisterKey, type RegisterKey } from './register-key.js';

export interface LoadKeyOptions {
  /** The environment to read `RTW_REGISTER_KEY` from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The key file when the variable is unset (default ~/.config/rtw/register.key, or under XDG_CONFIG_HOME). */
  file?: string;
  /**
   * The register folder: the key must be the one its register is sealed with, and the key file may
   * not be inside it (the key would travel with the data).
   */
  registerDir?: string;
  /**
   * Make a new key (in the key file, mode 600) when none is found, for a new register. Never for a
   * folder that already holds a register: its key is refused or asked for, never replaced.
   */
  create?: boolean;
}

export function defaultKeyFile(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const config = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(config, 'rtw', 'register.key');
}

function inside(child: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface LoadedKey {
  key: RegisterKey;
  /** Where it came from: the variable, the key file, or made now (`create`). */
  source: 'env' | 'file' | 'created';
  file?: string;
}

/**
 * A key file others can read (or write) is refused rather than silently used, as the server refuses
 * its own key file and ssh a private key: whoever reads it can forge receipts and test share codes.
 */
async function refuseOpenKeyFile(file: string): Promise<void> {
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new ShareCodeRegisterError(
      'bad_key',
      `The register key file ${file} can be read or written by other users (mode ${mode.toString(8)}): run \`chmod 600 ${file}\`, and if others could read it, start a register with a new key.`,
    );
  }
}

/**
 * The register key: `RTW_REGISTER_KEY` when set, else the key file. With `registerDir`, the key
 * must be the one that register is sealed with: a missing or other key is refused with a message
 * naming the key id the register expects and where to put it, never replaced by a new one. A new
 * key is made only with `create`, for a folder that holds no register yet. Never a file inside the
 * register: whoever copies the folder must not get the key that would let them test every possible
 * share code against the hashes.
 */
export async function loadRegisterKey(options: LoadKeyOptions = {}): Promise<LoadedKey> {
  const env = options.env ?? process.env;
  const file = resolve(options.file ?? defaultKeyFile(env));
  const dir = options.registerDir;
  const expected = dir === undefined ? undefined : await registerKeyId(dir);
  const checked = (loaded: LoadedKey, from: string): LoadedKey => {
    if (expected === undefined || loaded.key.id === expected) return loaded;
    throw new ShareCodeRegisterError(
      'wrong_key',
      `The register at ${resolve(dir as string)} is sealed with key ${expected}, but ${from} holds key ${loaded.key.id}: set RTW_REGISTER_KEY to the register's key (ask whoever keeps it). Nothing was written.`,
    );
  };
  const fromEnv = env.RTW_REGISTER_KEY?.trim();
  if (fromEnv) return checked({ key: parseRegisterKey(fromEnv), source: 'env' }, 'RTW_REGISTER_KEY');
  if (dir !== undefined && inside(file, dir)) {
    throw new ShareCodeRegisterError(
      'bad_key',
      `The key file ${file} is inside the register folder: keep it elsewhere (or set RTW_REGISTER_KEY), so a copy of the register does not carry its key.`,
    );
  }
  try {
    await refuseOpenKeyFile(file);
    return checked({ key: parseRegisterKey(await readFile(file, 'utf8')), source: 'file', file }, file);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  if (expected !== undefined) {
    throw new ShareCodeRegisterError(
      'no_key',
      `The register at ${resolve(dir as string)} is sealed with key ${expected}, and no key was found: set RTW_REGISTER_KEY to that key, or put it in ${file} (readable by you only). Ask whoever keeps the register's key; a new key cannot file into it or verify it.`,
    );
  }
  if (options.create !== true) {
    throw new ShareCodeRegisterError(
      'no_key',
      `No register key: set RTW_REGISTER_KEY, or put the key in ${file}.`,
    );
  }
  const { text } = newRegisterKey();
  const created = await writeNewFileAtomic(file, Buffer.from(`${text}\n`));
  if (created) await chmod(file, 0o600);
  // Another process may have created it first: read whichever key won.
  return { key: parseRegisterKey(await readFile(file, 'utf8')), source: created ? 'created' : 'file', file };
}
