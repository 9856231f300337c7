import { dataUrl } from '@sharecode/core/util';
import { classifyCommonPage } from './classify-page.js';
import type { CheckRun, Driven } from './drive-check.js';
import type { PageSnapshot, SnapshotImage } from './page-snapshot.js';
import type { PortalPage } from './portal-page.js';

export interface Evidence {
  readonly photoDataUrl: string | null;
  readonly pdfDataUrl: string | null;
}

const JPEG_DATA_URL = 'data:image/jpeg;base64,';

/** The applicant's photo: the ids the services use, else an image described as a photo, else the only one. */
export function photoImage(snapshot: PageSnapshot): SnapshotImage | undefined {
  return (
    snapshot.images.find((i) => i.id === 'profileImage' || i.id === 'photo') ??
    snapshot.images.find((i) => /photo/i.test(i.alt)) ??
    (snapshot.images.length === 1 ? snapshot.images[0] : undefined)
  );
}

function isJpegDataUrl(url: string): boolean {
  if (!url.startsWith(JPEG_DATA_URL)) return false;
  const head = Buffer.from(url.slice(JPEG_DATA_URL.length, JPEG_DATA_URL.length + 8), 'base64');
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * The photo (JPEG data URL) and the portal's own PDF (clicked in this session: it needs the session
 * cookie). A photo or PDF the page offers must be read; one it does not offer is null, unless
 * `required` (immigration status's contract has no null for them), which makes it an unrecognised page.
 * Reading comes last: "Download PDF" may navigate away from the result.
 */
export async function readEvidence(
  run: CheckRun,
  page: PortalPage,
  snapshot: PageSnapshot,
  required: boolean,
): Promise<Driven<Evidence>> {
  let photoDataUrl: string | null = null;
  const image = photoImage(snapshot);
  if (image) {
    const photo = await page.photo(image);
    if (photo === null || !isJpegDataUrl(photo))
      return { ok: false, error: await run.unrecognised('the photo could not be read as a JPEG') };
    photoDataUrl = photo;
  } else if (required) {
    return { ok: false, error: await run.unrecognised('the result page has no photo') };
  }

  let pdfDataUrl: string | null = null;
  const download = snapshot.actions.find((a) => /^download pdf\b/i.test(a.name));
  if (download) {
    run.step = 'pdf';
    const got = await page.download(download, run.deadline);
    if (got.kind === 'page') {
      const after = await page.snapshot();
      run.snapshot = after;
      const common = classifyCommonPage(after);
      if (common) return { ok: false, error: await run.fromCommonPage(common) };
      return { ok: false, error: await run.unrecognised('"Download PDF" led to a page, not a file') };
    }
    if (got.kind === 'too-large') return { ok: false, error: await run.unrecognised('the PDF is too large') };
    if (got.kind === 'missing')
      return { ok: false, error: await run.unrecognised('"Download PDF" was not found') };
    if (!isPdf(got.bytes)) return { ok: false, error: await run.unrecognised('the download is not a PDF') };
    pdfDataUrl = dataUrl('application/pdf', got.bytes);
  } else if (required) {
    return { ok: false, error: await run.unrecognised('the result page has no "Download PDF"') };
  }
  return { ok: true, value: { photoDataUrl, pdfDataUrl } };
}
