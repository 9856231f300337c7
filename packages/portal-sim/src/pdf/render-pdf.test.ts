import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { generatePortrait } from '../seed/photo.js';
import { renderPdf } from './render-pdf.js';

describe('renderPdf', () => {
  it('writes a PDF that pdf-lib can read back, whatever the script of the name', async () => {
    const bytes = await renderPdf({
      title: 'Right to work',
      name: 'ŁUKASZ ŻÓŁW 李雷 ΩMEGA',
      photoJpeg: generatePortrait('x'),
      blocks: [
        { kind: 'paragraph', text: 'A very long sentence '.repeat(80) },
        { kind: 'heading', text: 'Conditions' },
        ...Array.from({ length: 60 }, (_, i) => ({ kind: 'bullet' as const, text: `line ${i}` })),
        { kind: 'row', label: 'Reference number', value: 'WE-ABC1234-XY' },
      ],
      createdAt: new Date('2026-05-04T10:00:00Z'),
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Right to work');
    expect(doc.getAuthor()).toBe('Home Office');
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });
});
