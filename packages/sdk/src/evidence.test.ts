import { describe, expect, it } from 'vitest';
import { pdfBytes, photoBytes } from './evidence.js';
import { ShareCodeEvidenceError } from './evidence-error.js';

const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const pdf = new TextEncoder().encode('%PDF-1.7\n%test');
const url = (mime: string, bytes: Uint8Array) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

function reasonOf(run: () => unknown): string {
  try {
    run();
    return 'no error';
  } catch (error) {
    return error instanceof ShareCodeEvidenceError ? error.reason : 'other error';
  }
}

describe('photoBytes and pdfBytes', () => {
  const result = { photo_data_url: url('image/jpeg', jpeg), pdf_data_url: url('application/pdf', pdf) };

  it('return the decoded files', () => {
    expect(photoBytes(result)).toEqual(jpeg);
    expect(pdfBytes(result)).toEqual(pdf);
  });

  it('refuse absent evidence with a reason', () => {
    expect(reasonOf(() => photoBytes({ photo_data_url: null }))).toBe('missing');
    expect(reasonOf(() => pdfBytes({}))).toBe('missing');
  });

  it('refuse the wrong media type', () => {
    expect(reasonOf(() => photoBytes({ photo_data_url: url('image/png', jpeg) }))).toBe('wrong_type');
    expect(reasonOf(() => pdfBytes({ pdf_data_url: url('image/jpeg', pdf) }))).toBe('wrong_type');
  });

  it('refuse content that is not a JPEG or a PDF', () => {
    expect(reasonOf(() => photoBytes({ photo_data_url: url('image/jpeg', pdf) }))).toBe('bad_content');
    expect(reasonOf(() => pdfBytes({ pdf_data_url: url('application/pdf', jpeg) }))).toBe('bad_content');
    expect(reasonOf(() => pdfBytes({ pdf_data_url: url('application/pdf', new Uint8Array()) }))).toBe(
      'bad_content',
    );
  });
});
