import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type EvidenceSource, pdfBytes, photoBytes } from './evidence.js';
import { ShareCodeEvidenceError } from './evidence-error.js';
import { safeFileName } from './safe-file-name.js';

export interface SaveEvidenceOptions {
  /** File name without extension. Default: the result's `reference`, made safe for a file name. */
  basename?: string | undefined;
  /**
   * Replace files that already exist. Default false: evidence is never silently overwritten. A file
   * that already holds exactly these bytes is not an overwrite: it is reported `alreadySaved`.
   */
  overwrite?: boolean | undefined;
}

export interface SavedFile {
  path: string;
  /** SHA-256 of the file, lower-case hex: record it to show later that the file is unchanged. */
  sha256: string;
  bytes: number;
  /** True when the file was already there with exactly these bytes (a re-run): nothing was written. */
  alreadySaved: boolean;
}

export interface SavedEvidence {
  /** `<name>.jpg`, or null when the result has no photo. */
  photo: SavedFile | null;
  /** `<name>.pdf`, or null when the result has no PDF. */
  pdf: SavedFile | null;
}

type ResultWithEvidence = EvidenceSource & {
  reference?: string | null | undefined;
  checked_at?: string | undefined;
};

/**
 * Writes the photo (`<name>.jpg`) and the PDF (`<name>.pdf`) of a result into `dir` (created if
 * needed, mode 700), checking each is a real JPEG/PDF first. The files are mode 600: evidence about
 * a person is readable by its owner only. Evidence the result does not carry is skipped.
 */
export async function saveEvidence(
  result: ResultWithEvidence,
  dir: string,
  options: SaveEvidenceOptions = {},
): Promise<SavedEvidence> {
  const name = fileBase(options.basename ?? result.reference ?? fallbackName(result));
  const photo = result.photo_data_url ? photoBytes(result) : null;
  const pdf = result.pdf_data_url ? pdfBytes(result) : null;
  const folder = resolve(dir);
  try {
    // Personal data: a folder made here is its owner's only (an existing one is left as it is).
    await mkdir(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ShareCodeEvidenceError('write_failed', `Could not create the folder ${folder}.`, {
      cause: error,
    });
  }
  return {
    photo:
      photo === null ? null : await write(join(folder, `${name}.jpg`), photo, options.overwrite === true),
    pdf: pdf === null ? null : await write(join(folder, `${name}.pdf`), pdf, options.overwrite === true),
  };
}

async function write(path: string, bytes: Uint8Array, overwrite: boolean): Promise<SavedFile> {
  const saved = { path, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength };
  try {
    // Readable by its owner only; an overwritten file keeps its mode unless set again.
    await writeFile(path, bytes, { flag: overwrite ? 'w' : 'wx', mode: 0o600 });
    if (overwrite) await chmod(path, 0o600);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') {
      // The same evidence saved again (a re-run over the same result): fine, and nothing is written.
      if (await holdsExactly(path, bytes)) return { ...saved, alreadySaved: true };
      throw new ShareCodeEvidenceError(
        'file_exists',
        `${path} already exists with different content: choose another folder or basename, or pass overwrite: true.`,
        { cause: error },
      );
    }
    throw new ShareCodeEvidenceError('write_failed', `Could not write ${path}.`, { cause: error });
  }
  return { ...saved, alreadySaved: false };
}

async function holdsExactly(path: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const existing = await readFile(path);
    return existing.byteLength === bytes.byteLength && Buffer.compare(existing, bytes) === 0;
  } catch {
    return false;
  }
}

function fileBase(raw: string): string {
  const safe = safeFileName(raw);
  if (safe === undefined) {
    throw new ShareCodeEvidenceError(
      'bad_name',
      'The file name is empty once unsafe characters are removed: pass basename.',
    );
  }
  return safe;
}

function fallbackName(result: ResultWithEvidence): string {
  return `check-${result.checked_at ?? new Date().toISOString()}`;
}
