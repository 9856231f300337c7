import { encodableText, wrapText } from '@sharecode/core/util';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { PdfContent } from './pdf-content.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BLACK = rgb(0.04, 0.05, 0.05);
const GREY = rgb(0.31, 0.35, 0.38);

class Writer {
  private page: PDFPage;
  private y: number;
  private readonly charset: ReadonlySet<number>;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    // Both fonts are standard Helvetica: one character set (WinAnsi) serves them.
    this.charset = new Set(regular.getCharacterSet());
  }

  get currentPage(): PDFPage {
    return this.page;
  }

  get cursor(): number {
    return this.y;
  }

  moveTo(y: number): void {
    this.y = y;
  }

  gap(points: number): void {
    this.y -= points;
  }

  text(
    text: string,
    options: { size: number; font?: PDFFont; indent?: number; colour?: typeof BLACK; prefix?: string },
  ): void {
    const font = options.font ?? this.regular;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    const lines = wrapText(encodableText(text, this.charset), font, options.size, width);
    lines.forEach((line, i) => {
      if (this.y - options.size < MARGIN) {
        this.page = this.doc.addPage(A4);
        this.y = A4[1] - MARGIN;
      }
      this.y -= options.size * 1.3;
      if (i === 0 && options.prefix) {
        this.page.drawText(options.prefix, {
          x: MARGIN + indent - 12,
          y: this.y,
          size: options.size,
          font,
          color: BLACK,
        });
      }
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size: options.size,
        font,
        color: options.colour ?? BLACK,
      });
    });
  }
}

/** A result PDF: "Home Office", the title, the photo, the name, then the blocks in order. */
export async function renderPdf(content: PdfContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setAuthor('Home Office');
  doc.setProducer('portal-sim');
  doc.setCreator('portal-sim');
  doc.setCreationDate(content.createdAt);
  doc.setModificationDate(content.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold);
  w.text('Home Office', { size: 12, font: bold, colour: GREY });
  w.gap(6);
  w.text(content.title, { size: 24, font: bold });
  w.gap(12);
  const photo = await doc.embedJpg(content.photoJpeg);
  const scaled = photo.scaleToFit(110, 140);
  w.currentPage.drawImage(photo, {
    x: MARGIN,
    y: w.cursor - scaled.height,
    width: scaled.width,
    height: scaled.height,
  });
  w.moveTo(w.cursor - scaled.height - 8);
  w.text(content.name, { size: 18, font: bold });
  w.gap(6);
  for (const block of content.blocks) {
    switch (block.kind) {
      case 'heading':
        w.gap(10);
        w.text(block.text, { size: 14, font: bold });
        w.gap(2);
        break;
      case 'paragraph':
        w.text(block.text, { size: 11 });
        w.gap(4);
        break;
      case 'bullet':
        w.text(block.text, { size: 11, indent: 16, prefix: '-' });
        break;
      case 'row':
        w.text(block.label, { size: 10, font: bold, colour: GREY });
        w.text(block.value, { size: 11 });
        w.gap(4);
        break;
    }
  }
  return doc.save();
}
