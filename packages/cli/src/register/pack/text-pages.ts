import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const SIZE = 10;
const LEADING = 14;

/** Text the standard fonts can draw (WinAnsi): anything else becomes "?" rather than failing. */
export function drawable(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

function wrap(font: PDFFont, text: string, width: number, size: number): string[] {
  // The indent is kept (the record's indented lines), the rest wrapped at spaces.
  const indent = /^ */.exec(text)?.[0] ?? '';
  const words = drawable(text.slice(indent.length)).split(' ');
  words[0] = `${indent}${words[0] ?? ''}`;
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  // A single word wider than the page (a hash, a path) is cut into pieces that fit.
  return lines.flatMap((each) => {
    if (font.widthOfTextAtSize(each, size) <= width) return [each];
    const pieces: string[] = [];
    let piece = '';
    for (const char of each) {
      if (font.widthOfTextAtSize(piece + char, size) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += char;
    }
    return [...pieces, piece];
  });
}

/** A block of text: plain lines, headings (bold and larger), or fixed-width lines (aligned columns). */
export type TextLine = string | { heading: string } | { mono: string };

/** Draws lines over as many A4 pages as they need; returns the pages added. */
export function addTextPages(
  doc: PDFDocument,
  fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
  lines: readonly TextLine[],
): PDFPage[] {
  const pages: PDFPage[] = [];
  let page: PDFPage | undefined;
  let y = 0;
  const width = A4[0] - 2 * MARGIN;
  const newPage = (): PDFPage => {
    const added = doc.addPage(A4);
    pages.push(added);
    y = A4[1] - MARGIN;
    return added;
  };
  for (const line of lines) {
    const heading = typeof line !== 'string' && 'heading' in line;
    const mono = typeof line !== 'string' && 'mono' in line;
    const size = heading ? 13 : mono ? 9 : SIZE;
    const font = heading ? fonts.bold : mono ? fonts.mono : fonts.regular;
    const text = typeof line === 'string' ? line : 'heading' in line ? line.heading : line.mono;
    for (const piece of text === '' ? [''] : wrap(font, text, width, size)) {
      if (page === undefined || y < MARGIN + LEADING) page = newPage();
      if (heading) y -= 4;
      page.drawText(piece, { x: MARGIN, y, size, font, color: rgb(0.04, 0.05, 0.05) });
      y -= heading ? LEADING + 6 : LEADING;
    }
  }
  return pages;
}

export { A4, MARGIN };
