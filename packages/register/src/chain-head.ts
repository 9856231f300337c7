import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileAtomic } from './atomic-write.js';
import type { Register } from './open-register.js';
import { readSealedJson, sealJson } from './sealed-json.js';

// The chain's head: how many receipts the register has (the last sequence number) and the hash of
// the last one, sealed with the key. It is kept twice: in the register folder (head.json), and
// outside it, in the user's state folder, so that deleting the newest receipts (or all of them, or
// the head inside with them) shows in verify.

export const HEAD_FILE = 'head.json';
const HEAD_FORMAT = 'rtw-register-head/1';

export interface ChainHead {
  format: typeof HEAD_FORMAT;
  /** The register's id (register.json). */
  register: string;
  /** The register folder, absolute, when the head was written. */
  dir: string;
  key_id: string;
  /** The last receipt's sequence number: how many receipts the chain has had. */
  count: number;
  /** SHA-256 of the last receipt file; null with no receipt. */
  last: string | null;
  written_at: string;
}

/** A head as read: where from, and whether its seal holds with the key in use. */
export interface ReadHead {
  head: ChainHead;
  path: string;
  sealed: boolean | undefined;
}

export async function readHeadFile(
  path: string,
  key: Register['key'] | undefined,
): Promise<ReadHead | undefined> {
  const read = await readSealedJson(path, key);
  if (read === undefined) return undefined;
  const { opened } = read;
  const body = opened?.body;
  if (body?.format !== HEAD_FORMAT || typeof body.count !== 'number' || typeof body.register !== 'string') {
    return { head: { count: -1 } as ChainHead, path, sealed: false };
  }
  return { head: body as unknown as ChainHead, path, sealed: opened?.canonical ? opened.sealed : false };
}

/**
 * The head kept outside the register: by the register's id, else (register.json gone) the head
 * whose folder is this one. Undefined without a state folder or when none was ever written here.
 */
export async function outsideHeadFor(
  register: Register,
  id: string | undefined,
): Promise<ReadHead | undefined> {
  if (register.stateDir === null) return undefined;
  if (id !== undefined) return readHeadFile(join(register.stateDir, `${id}.json`), register.key);
  let names: string[];
  try {
    names = (await readdir(register.stateDir)).filter((n) => n.endsWith('.json'));
  } catch {
    return undefined;
  }
  let found: ReadHead | undefined;
  for (const name of names) {
    const read = await readHeadFile(join(register.stateDir, name), register.key);
    if (read?.head.dir === register.dir && (found === undefined || read.head.count > found.head.count)) {
      found = read;
    }
  }
  return found;
}

/** Writes the head inside the register and outside it (owner-only files and folders). */
export async function writeHeads(
  register: Register,
  registerId: string,
  count: number,
  last: string | null,
  now: Date,
): Promise<void> {
  const head: ChainHead = {
    format: HEAD_FORMAT,
    register: registerId,
    dir: register.dir,
    key_id: register.key.id,
    count,
    last,
    written_at: now.toISOString(),
  };
  const bytes = sealJson(register.key, head);
  await replaceFileAtomic(join(register.dir, HEAD_FILE), bytes);
  if (register.stateDir !== null)
    await replaceFileAtomic(join(register.stateDir, `${registerId}.json`), bytes);
}
