import { readFile } from 'node:fs/promises';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';

/** The file is a JPEG that really decodes (not just the magic bytes), and is a sensible size. */
export async function expectJpeg(path: string): Promise<void> {
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  const image = jpeg.decode(bytes, { maxMemoryUsageInMB: 64 });
  expect(image.width).toBeGreaterThan(16);
  expect(image.height).toBeGreaterThan(16);
}

/** The file is a PDF that pdf-lib loads, with at least one page. */
export async function expectPdf(path: string): Promise<void> {
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThan(0);
}
