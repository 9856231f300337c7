import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CheckResult } from '@sharecode/sdk';
import { pdfBytes, photoBytes } from '@sharecode/sdk';
import { type SavedEvidence, saveEvidence } from '@sharecode/sdk/node';
import { safeBaseName } from './base-name.js';
import { ensurePrivateFolder } from './private-folder.js';

const MAX_SUFFIX = 1000;

type FileState = 'free' | 'same' | 'different';

async function stateOf(path: string, bytes: Uint8Array): Promise<FileState> {
  let existing: Buffer;
  try {
    existing = await readFile(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return 'free';
    return 'different';
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(existing)
    ? 'same'
    : 'different';
}

// One save at a time per process: batch rows finishing together must not pick the same free name.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Saves the photo (`<name>.jpg`) and the PDF (`<name>.pdf`) of a result in `dir`. The name is the
 * result's reference, else `fallback` (a check id or row name). Evidence is never overwritten: when
 * a different file has the name, `-2`, `-3`, ... is added; the same evidence saved again (polling a
 * check twice) reuses its files. `dir` '.' is the default (no --out): the current folder's mode is
 * left alone; any other folder is made readable by its owner only.
 */
export function saveResultEvidence(
  result: CheckResult,
  dir: string,
  fallback: string,
): Promise<SavedEvidence> {
  const run = queue.then(() => save(result, dir, fallback));
  queue = run.catch(() => undefined);
  return run;
}

async function save(result: CheckResult, dir: string, fallback: string): Promise<SavedEvidence> {
  const base = safeBaseName(result.reference ?? '') ?? safeBaseName(fallback) ?? 'check';
  const wanted: Array<{ ext: string; bytes: Uint8Array }> = [];
  // photoBytes/pdfBytes refuse evidence that is not a real JPEG/PDF before anything is written.
  if (result.photo_data_url) wanted.push({ ext: 'jpg', bytes: photoBytes(result) });
  if (result.pdf_data_url) wanted.push({ ext: 'pdf', bytes: pdfBytes(result) });
  if (wanted.length === 0) return { photo: null, pdf: null };
  const folder = resolve(dir);
  // A folder named for the evidence (--out) is made or tightened to 0700 whatever it was; the current
  // folder, where evidence goes without --out, is the user's own and is left as it is (the files are 0600).
  if (dir !== '.') await ensurePrivateFolder(folder);
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const states = await Promise.all(
      wanted.map((file) => stateOf(join(folder, `${name}.${file.ext}`), file.bytes)),
    );
    if (states.includes('different')) continue;
    return saveEvidence(result, folder, { basename: name, overwrite: states.includes('same') });
  }
  return saveEvidence(result, folder, { basename: `${base}-${Date.now()}` });
}
