import { createHmac, randomBytes } from 'node:crypto';
import { chmod, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { writeNewFileAtomic } from './atomic-write.js';
import { ShareCodeRegisterError } from './register-error.js';

const MIN_KEY_BYTES = 32;

/** The register's secret: keys the share-code hashes and seals each receipt. */
export interface RegisterKey {
  readonly bytes: Uint8Array;
  /** A short public name of the key, stored in receipts, so a wrong key is told apart from tampering. */
  readonly id: string;
}

/** A key from its text form: base64, base64url or hex, at least 32 bytes. */
export function parseRegisterKey(text: string): RegisterKey {
  const trimmed = text.trim();
  const bytes =
    /^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0
      ? Buffer.from(trimmed, 'hex')
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
        ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
        : Buffer.alloc(0);
  if (bytes.length < MIN_KEY_BYTES) {
    throw new ShareCodeRegisterError(
      'bad_key',
      `The register key must be at least ${MIN_KEY_BYTES} random bytes, written as base64 or hex (make one with: openssl rand -base64 32).`,
    );
  }
  return { bytes, id: hmacHex(bytes, 'rtw-register key id').slice(0, 16) };
}

/** A new random key and its text form (base64), to keep in a password manager or secret store. */
export function newRegisterKey(): { key: RegisterKey; text: string } {
  const text = randomBytes(MIN_KEY_BYTES).toString('base64');
  return { key: parseRegisterKey(text), text };
}

export function hmacHex(key: Uint8Array, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** The keyed hash a receipt keeps instead of the share code: spaces and case do not matter. */
export function shareCodeHash(key: RegisterKey, shareCode: string): string {
  return hmacHex(key.bytes, `share-code:${shareCode.replace(/\s+/g, '').toUpperCase()}`);
}

export interface LoadKeyOptions {
  /** The environment to read `RTW_REGISTER_KEY` from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The key file when the variable is unset (default ~/.config/rtw/register.key, or under XDG_CONFIG_HOME). */
  file?: string;
  /** The register folder: the key file may not be inside it (the key would travel with the data). */
  registerDir?: string;
}

export function defaultKeyFile(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const config = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(config, 'rtw', 'register.key');
}

function inside(child: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The register key: `RTW_REGISTER_KEY` when set, else the key file, created (mode 600) with a new
 * random key on first use. Never a file inside the register: whoever copies the folder must not get
 * the key that would let them test every possible share code against the hashes.
 */
export async function loadRegisterKey(
  options: LoadKeyOptions = {},
): Promise<{ key: RegisterKey; source: 'env' | 'file' | 'created'; file?: string }> {
  const env = options.env ?? process.env;
  const fromEnv = env.RTW_REGISTER_KEY?.trim();
  if (fromEnv) return { key: parseRegisterKey(fromEnv), source: 'env' };
  const file = resolve(options.file ?? defaultKeyFile(env));
  if (options.registerDir !== undefined && inside(file, options.registerDir)) {
    throw new ShareCodeRegisterError(
      'bad_key',
      `The key file ${file} is inside the register folder: keep it elsewhere (or set RTW_REGISTER_KEY), so a copy of the register does not carry its key.`,
    );
  }
  try {
    return { key: parseRegisterKey(await readFile(file, 'utf8')), source: 'file', file };
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  const { text } = newRegisterKey();
  const created = await writeNewFileAtomic(file, Buffer.from(`${text}\n`));
  if (created) await chmod(file, 0o600);
  // Another process may have created it first: read whichever key won.
  return { key: parseRegisterKey(await readFile(file, 'utf8')), source: created ? 'created' : 'file', file };
}
