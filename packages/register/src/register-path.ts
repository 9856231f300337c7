import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Register } from './open-register.js';

// Every path a receipt names is the register's to resolve: a receipt is data someone could have
// written by hand, and the register must never read or delete a file outside its folder through one.

const MAX_PATH_LENGTH = 1024;

/**
 * Why a receipt's file path is not one the register writes (`evidence/<folder>/<file>`, relative,
 * with `/`), or undefined when it is one: never absolute, never `..`, `.` or an empty part.
 */
export function evidencePathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_LENGTH) {
    return 'is not a file path the register writes';
  }
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || path.includes('\u0000')) {
    return 'is an absolute path or names a file outside the register';
  }
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) {
    return 'leaves the register folder (a "..", "." or empty part)';
  }
  if (parts[0] !== 'evidence' || parts.length < 2) return "is not under the register's evidence folder";
  return undefined;
}

export type ResolvedPath = { ok: true; absolute: string; exists: boolean } | { ok: false; why: string };

/**
 * A receipt's file path resolved inside the register: refused when its form leaves the folder, or
 * when any part of it (a folder or the file) is a symbolic link, which could point anywhere.
 * `exists` false: nothing is there (the register's own folders all were checked).
 */
export async function resolveInRegister(register: Register, path: string): Promise<ResolvedPath> {
  const problem = evidencePathProblem(path);
  if (problem !== undefined) return { ok: false, why: problem };
  const parts = path.split('/');
  let absolute = register.dir;
  for (let i = 0; i < parts.length; i++) {
    absolute = join(absolute, parts[i] as string);
    let info: import('node:fs').Stats;
    try {
      info = await lstat(absolute);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT')
        return { ok: true, absolute: join(register.dir, ...parts), exists: false };
      throw error;
    }
    if (info.isSymbolicLink()) {
      return {
        ok: false,
        why: `goes through a symbolic link (${parts.slice(0, i + 1).join('/')}), which could point outside the register`,
      };
    }
    const last = i === parts.length - 1;
    if (!last && !info.isDirectory()) return { ok: true, absolute, exists: false };
    if (last && !info.isFile()) return { ok: false, why: 'is not a regular file' };
  }
  return { ok: true, absolute, exists: true };
}

/** SHA-256 of a file, read in pieces (a file of any size). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
