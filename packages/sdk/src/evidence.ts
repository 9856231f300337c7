import { decodeDataUrl } from './data-url.js';
import { ShareCodeEvidenceError } from './evidence-error.js';

/** Any result kind: only the evidence fields matter here. */
export interface EvidenceSource {
  photo_data_url?: string | null | undefined;
  pdf_data_url?: string | null | undefined;
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** The applicant photo as JPEG bytes; throws ShareCodeEvidenceError if absent or not a JPEG. */
export function photoBytes(result: EvidenceSource): Uint8Array {
  return evidenceBytes(result?.photo_data_url, 'photo', 'image/jpeg', JPEG_MAGIC);
}

/** The portal's PDF as bytes; throws ShareCodeEvidenceError if absent or not a PDF. */
export function pdfBytes(result: EvidenceSource): Uint8Array {
  return evidenceBytes(result?.pdf_data_url, 'PDF', 'application/pdf', PDF_MAGIC);
}

function evidenceBytes(
  url: string | null | undefined,
  what: string,
  mime: string,
  magic: number[],
): Uint8Array {
  if (url === null || url === undefined || url === '') {
    throw new ShareCodeEvidenceError(
      'missing',
      `This result carries no ${what} (the portal showed none, or the stored result has expired). Keep the result JSON as your record.`,
    );
  }
  const decoded = decodeDataUrl(url);
  if (decoded.mime !== mime) {
    throw new ShareCodeEvidenceError('wrong_type', `The ${what} is ${decoded.mime}, expected ${mime}.`);
  }
  if (!magic.every((byte, i) => decoded.bytes[i] === byte)) {
    throw new ShareCodeEvidenceError(
      'bad_content',
      `The ${what} data does not start like a ${mime} file; it may be truncated or corrupted.`,
    );
  }
  return decoded.bytes;
}
