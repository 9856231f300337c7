// Test helper: the text drawn on a PDF's pages, read back with pdf-lib (content streams decoded, the
// hex strings of Tj operators turned back into characters).
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

function streamText(bytes: Uint8Array): string[] {
  const content = new TextDecoder('latin1').decode(bytes);
  const lines: string[] = [];
  for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
    const hex = match[1] ?? '';
    let text = '';
    for (let i = 0; i < hex.length; i += 2)
      text += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16));
    lines.push(text);
  }
  for (const match of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) lines.push(match[1] ?? '');
  return lines;
}

export async function pdfText(bytes: Uint8Array): Promise<{ lines: string[]; doc: PDFDocument }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref);
      if (stream instanceof PDFRawStream) lines.push(...streamText(decodePDFRawStream(stream).decode()));
    }
  }
  return { lines, doc };
}

export function bytesOfDataUrl(url: string, mime: string): Uint8Array {
  const prefix = `data:${mime};base64,`;
  if (!url.startsWith(prefix)) throw new Error(`not a ${mime} data URL`);
  return Uint8Array.from(Buffer.from(url.slice(prefix.length), 'base64'));
}
