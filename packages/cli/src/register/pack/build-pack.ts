import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PersonView, type Register, receiptPath, resolveInRegister } from '@sharecode/register';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { londonTime } from '../../render/london-time.js';
import { personLines } from '../person-lines.js';
import { A4, addTextPages, MARGIN, type TextLine } from './text-pages.js';

/** A file carried in the pack, byte for byte as the register holds it. */
export interface PackedFile {
  /** The attachment's name in the PDF. */
  name: string;
  /** Its path in the register. */
  path: string;
  sha256: string;
  bytes: number;
}

/** A file a receipt names that could not be put in the pack (missing, changed, outside the register). */
export interface UnpackedFile {
  path: string;
  why: string;
}

export interface EvidencePack {
  /** The pack: one PDF. */
  bytes: Uint8Array;
  sha256: string;
  files: PackedFile[];
  /** Files its receipts name that are not in the pack, and why: listed in the pack as problems. */
  missing: UnpackedFile[];
}

/** The receipts' own folder: their paths are the register's (`receiptPath`), never a receipt's data. */
const RECEIPTS_FOLDER = 'receipts';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Reads a file of the register; a file missing, outside the register, or whose hash is not the one
 * its receipt vouches for is never packed: why is answered instead, for the pack's problems.
 */
async function registerFile(
  register: Register,
  path: string,
  expected: string,
): Promise<{ bytes: Uint8Array } | { why: string }> {
  let absolute = join(register.dir, ...path.split('/'));
  if (!path.startsWith(`${RECEIPTS_FOLDER}/`)) {
    // An evidence path comes from a receipt: only inside the register, never through a link.
    const resolved = await resolveInRegister(register, path);
    if (!resolved.ok) return { why: String(resolved.why) };
    absolute = resolved.absolute;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(absolute));
  } catch (error) {
    return {
      why:
        (error as { code?: unknown }).code === 'ENOENT'
          ? 'is missing from the register'
          : `cannot be read (${(error as Error).message})`,
    };
  }
  if (sha256(bytes) !== expected)
    return { why: "changed since it was filed (its SHA-256 is not its receipt's)" };
  return { bytes };
}

const attachmentName = (path: string): string => path.replaceAll('/', '-');

function summaryLines(
  view: PersonView,
  register: Register,
  files: readonly PackedFile[],
  missing: readonly UnpackedFile[],
  now: Date,
): TextLine[] {
  const kind =
    view.summary.kind === 'right_to_rent'
      ? 'Right to rent'
      : view.summary.kind === 'right_to_work'
        ? 'Right to work'
        : 'Immigration status';
  const lines: TextLine[] = [
    { heading: `${kind} evidence pack: ${view.summary.name}` },
    `Prepared ${londonTime(now)} from the evidence register at ${register.dir} (key ${register.key.id}); the statutory excuse is judged on ${view.today}.`,
    '',
    ...personLines(view).map((mono) => ({ mono })),
    '',
    { heading: 'Register verification' },
  ];
  if (view.verified) {
    lines.push(
      'The register verified intact when this pack was made: every receipt sealed and chained, every evidence file re-hashed.',
    );
  } else {
    lines.push(
      `The register did NOT verify when this pack was made: ${view.problems.length} problem(s). This pack was asked for with them listed:`,
    );
    for (const problem of view.problems) lines.push(`- ${problem.path}: ${problem.kind}, ${problem.detail}`);
  }
  lines.push('', { heading: 'Files attached to this PDF' });
  lines.push(
    'Each file is attached byte for byte as filed (open the attachments panel of a PDF reader). Its SHA-256 is the one its receipt records; the receipts are sealed with the register key.',
  );
  for (const file of files) lines.push(`- ${file.name} (${file.bytes} bytes) SHA-256 ${file.sha256}`);
  if (missing.length > 0) {
    lines.push('', { heading: 'Files NOT in this pack' });
    lines.push('Named by the receipts, but not attached: they could not be read as filed.');
    for (const file of missing) lines.push(`- ${file.path}: ${file.why}`);
  }
  return lines;
}

/**
 * The evidence pack for one person: a PDF holding a summary (the record, the excuse, the register's
 * verification and the files' hashes), each check's photo and profile pages, and every file (the
 * profile PDFs, photos and receipts) attached byte for byte, so their hashes can be checked.
 */
export async function buildEvidencePack(
  register: Register,
  view: PersonView,
  now: Date,
): Promise<EvidencePack> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Evidence pack: ${view.summary.name}`);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  doc.setProducer('rtw register pack');
  const files: PackedFile[] = [];
  const missing: UnpackedFile[] = [];
  const contents = new Map<string, Uint8Array>();
  // Each path once: a repeat check of the same profile names the same files.
  const pack = async (path: string, expected: string): Promise<void> => {
    if (contents.has(path) || missing.some((file) => file.path === path)) return;
    const read = await registerFile(register, path, expected);
    if ('why' in read) {
      missing.push({ path, why: read.why });
      return;
    }
    files.push({ name: attachmentName(path), path, sha256: expected, bytes: read.bytes.byteLength });
    contents.set(path, read.bytes);
  };
  for (const stored of view.receipts) await pack(receiptPath(stored.receipt.seq), stored.sha256);
  for (const check of view.record.checks) {
    for (const file of [check.files.pdf, check.files.photo]) if (file) await pack(file.path, file.sha256);
  }
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  addTextPages(doc, fonts, summaryLines(view, register, files, missing, now));
  for (const check of view.record.checks) {
    const [page] = addTextPages(doc, fonts, [
      { heading: `Check of ${check.check_date}, reference ${check.reference}` },
      `Outcome ${check.outcome}; ${check.permission ?? 'permission not shown'}; ${check.expiry_date ? `expires ${check.expiry_date}` : 'no time limit'}. The profile's pages follow.`,
    ]);
    const photoBytes = check.files.photo ? contents.get(check.files.photo.path) : undefined;
    if (photoBytes && page) {
      const photo = await doc.embedJpg(photoBytes);
      const scaled = photo.scaleToFit(200, 260);
      page.drawImage(photo, {
        x: MARGIN,
        y: A4[1] - MARGIN - 90 - scaled.height,
        width: scaled.width,
        height: scaled.height,
      });
    }
    const pdfBytes = check.files.pdf ? contents.get(check.files.pdf.path) : undefined;
    if (pdfBytes) {
      const profile = await PDFDocument.load(pdfBytes, {
        updateMetadata: false,
      });
      for (const copied of await doc.copyPages(profile, profile.getPageIndices())) doc.addPage(copied);
    }
  }
  for (const file of files) {
    await doc.attach(contents.get(file.path) as Uint8Array, file.name, {
      mimeType: file.name.endsWith('.pdf')
        ? 'application/pdf'
        : file.name.endsWith('.jpg')
          ? 'image/jpeg'
          : 'application/json',
      description: `${file.path}, SHA-256 ${file.sha256}`,
      creationDate: now,
      modificationDate: now,
    });
  }
  const bytes = await doc.save();
  return { bytes, sha256: sha256(bytes), files, missing };
}
