import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * Loads a PDF with pdf-lib (proving it parses) and returns the text its pages draw: the
 * hex strings shown with Tj in the content streams, as pdf-lib writes standard-font text.
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ pages: number; text: string; title: string | undefined }> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let data: Uint8Array;
    try {
      data = decodePDFRawStream(object).decode();
    } catch {
      continue;
    }
    const content = Buffer.from(data).toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      parts.push(Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
  }
  return { pages: doc.getPageCount(), text: parts.join('\n'), title: doc.getTitle() };
}
