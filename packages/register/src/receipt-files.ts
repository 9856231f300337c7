import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Register } from './open-register.js';

// The register's folders and its receipts' file names: what both the store and the write guard read.

export const RECEIPTS_DIR = 'receipts';
export const EVIDENCE_DIR = 'evidence';
export const RECEIPT_NAME = /^(\d{6})\.json$/;

/**
 * The receipt files present, by sequence number: regular files only. A symbolic link or a folder
 * under a receipt's name is never read as a receipt (verify names it as a file the register did
 * not file); nor is a `receipts` that is itself a symbolic link.
 */
export async function receiptFiles(register: Register): Promise<Map<number, string>> {
  const dir = join(register.dir, RECEIPTS_DIR);
  let entries: import('node:fs').Dirent[];
  try {
    if (!(await lstat(dir)).isDirectory()) return new Map();
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return new Map();
    throw error;
  }
  const files = new Map<number, string>();
  for (const entry of entries) {
    const match = RECEIPT_NAME.exec(entry.name);
    if (match && entry.isFile()) files.set(Number(match[1]), join(dir, entry.name));
  }
  return files;
}
