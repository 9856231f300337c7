import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import type { PdfModel } from './pdf.js';
import { clearPdfCache, renderCheckPdf } from './pdf.js';
import { SANDBOX_PEOPLE } from './people.js';
import { sandboxPortraitJpeg } from './portrait.js';

const model: PdfModel = {
  title: 'Right to work',
  heading: 'Right to work',
  name: 'PRIYA ANJALI SHARMA',
  statement:
    'They have permission to work in the UK until 15 March 2027, subject to the conditions and restrictions below.',
  summary: [['Date of birth', '1990-01-01']],
  sections: [{ heading: 'Conditions', lines: ['They must work for the employer who sponsored them.'] }],
  checkDetails: [
    ['Company name', `Café 😀 株式会社 ${'Long'.repeat(60)}`],
    ['Reference number', 'WE-K7Q2M9A-TP'],
  ],
  keywords: ['PRIYA ANJALI SHARMA', 'WE-K7Q2M9A-TP'],
  date: new Date('2026-03-15T00:00:00Z'),
};
const photo = sandboxPortraitJpeg(SANDBOX_PEOPLE.ACPT0001);

describe('renderCheckPdf', () => {
  it('draws the details as text and sets stable metadata', async () => {
    const bytes = await renderCheckPdf(model, photo, 'ACPT0001');
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const { lines, doc } = await pdfText(bytes);
    const text = lines.join('\n');
    expect(text).toContain('Home Office');
    expect(text).toContain('PRIYA ANJALI SHARMA');
    expect(text).toContain('WE-K7Q2M9A-TP');
    expect(text).toContain('Details of check');
    // Characters the standard fonts cannot encode become "?"; the rest survives.
    expect(text).toContain('Café ? ????');
    expect(doc.getTitle()).toBe('Right to work: PRIYA ANJALI SHARMA');
    expect(doc.getKeywords()).toBe('PRIYA ANJALI SHARMA WE-K7Q2M9A-TP');
    expect(doc.getProducer()).toBe('sharecode sandbox');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('gives the same bytes for the same model, cached or not', async () => {
    const first = await renderCheckPdf(model, photo, 'ACPT0001');
    expect(await renderCheckPdf(model, photo, 'ACPT0001')).toBe(first);
    clearPdfCache();
    const again = await renderCheckPdf(model, photo, 'ACPT0001');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('flows onto a second page when the content is long', async () => {
    const long = {
      ...model,
      sections: [{ heading: 'Conditions', lines: Array.from({ length: 80 }, (_, i) => `Line ${i}`) }],
    };
    const { doc, lines } = await pdfText(await renderCheckPdf(long, photo, 'ACPT0001'));
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(lines).toContain('- Line 79');
  });

  it('embeds the photo', async () => {
    const bytes = await renderCheckPdf(model, photo, 'ACPT0001');
    expect(new TextDecoder('latin1').decode(bytes)).toContain('/DCTDecode');
    expect(Buffer.from(bytes).indexOf(Buffer.from(photo))).toBeGreaterThan(0);
  });
});
