import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { LruCache } from '../util/lru-cache.js';
import { encodableText, wrapText } from '../util/pdf-text.js';

/** Everything a sandbox PDF shows, already worded; the same model always renders the same bytes. */
export interface PdfModel {
  /** Document title, e.g. "Right to work". */
  title: string;
  /** Page heading as the service words it. */
  heading: string;
  name: string;
  /** The main sentence (permission, right to rent, or status). */
  statement: string;
  summary: ReadonlyArray<readonly [label: string, value: string]>;
  sections: ReadonlyArray<{ heading: string; lines: readonly string[] }>;
  checkDetails: ReadonlyArray<readonly [label: string, value: string]>;
  /** Words for the Keywords metadata, so tools can find the details without parsing pages. */
  keywords: readonly string[];
  /** Creation and modification date: the start of the check day, so a day's PDF is stable. */
  date: Date;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const BLACK = rgb(0.04, 0.05, 0.05);
const GREY = rgb(0.31, 0.33, 0.34);
const PRODUCER = 'sharecode sandbox';
const CREATOR = 'sharecode sandbox: synthetic portal PDF for test keys';

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  charset: Set<number>;
}

class Writer {
  private page: PDFPage;
  private y = PAGE_HEIGHT - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  get currentPage(): PDFPage {
    return this.page;
  }

  get cursor(): number {
    return this.y;
  }

  space(points: number): void {
    this.y -= points;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      this.y = PAGE_HEIGHT - MARGIN;
    }
  }

  text(text: string, options: { size?: number; bold?: boolean; indent?: number; grey?: boolean } = {}): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const width = PAGE_WIDTH - 2 * MARGIN - indent;
    for (const line of wrapText(encodableText(text, this.fonts.charset), font, size, width)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.25;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: options.grey ? GREY : BLACK,
      });
      this.y -= size * 0.25;
    }
  }

  rows(rows: ReadonlyArray<readonly [string, string]>): void {
    for (const [label, value] of rows) {
      this.text(label, { size: 10, bold: true });
      this.text(value, { size: 11, indent: 12 });
      this.space(2);
    }
  }

  rule(): void {
    this.ensure(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 1,
      color: rgb(0.69, 0.71, 0.72),
    });
    this.y -= 6;
  }
}

async function render(model: PdfModel, photo: Uint8Array): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping the current time and its own producer.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${model.title}: ${model.name}`);
  doc.setAuthor('Home Office');
  doc.setSubject(model.statement);
  doc.setKeywords([...model.keywords]);
  doc.setProducer(PRODUCER);
  doc.setCreator(CREATOR);
  doc.setLanguage('en-GB');
  doc.setCreationDate(model.date);
  doc.setModificationDate(model.date);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, charset: new Set(regular.getCharacterSet()) };
  const image = await doc.embedJpg(photo);

  const out = new Writer(doc, fonts);
  out.text('Home Office', { size: 12, bold: true });
  out.text('Sandbox test document: not a real Home Office check.', { size: 9, grey: true });
  out.rule();
  out.text(model.heading, { size: 22, bold: true });
  out.space(8);
  const photoHeight = 125;
  const photoWidth = 100;
  out.currentPage.drawImage(image, {
    x: MARGIN,
    y: out.cursor - photoHeight,
    width: photoWidth,
    height: photoHeight,
  });
  out.space(photoHeight + 12);
  out.text(model.name, { size: 16, bold: true });
  out.space(4);
  out.text(model.statement, { size: 11 });
  out.space(8);
  out.rows(model.summary);
  for (const section of model.sections) {
    out.space(6);
    out.text(section.heading, { size: 13, bold: true });
    for (const line of section.lines) out.text(`- ${line}`, { size: 11, indent: 6 });
  }
  out.space(8);
  out.rule();
  out.text('Details of check', { size: 13, bold: true });
  out.space(2);
  out.rows(model.checkDetails);

  return doc.save({ useObjectStreams: false });
}

// Keyed by everything the PDF shows, which covers (code, kind, request details, day).
const cache = new LruCache<string, Uint8Array>(64);

/** The PDF of one check; identical models give identical bytes, and recent ones are served from memory. */
export async function renderCheckPdf(
  model: PdfModel,
  photo: Uint8Array,
  photoKey: string,
): Promise<Uint8Array> {
  const key = JSON.stringify([photoKey, model, model.date.toISOString()]);
  const cached = cache.get(key);
  if (cached) return cached;
  const bytes = await render(model, photo);
  cache.set(key, bytes);
  return bytes;
}

/** Empties the PDF cache (tests use it to prove determinism). */
export function clearPdfCache(): void {
  cache.clear();
}
