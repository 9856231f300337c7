import { describe, expect, it } from 'vitest';
import { decodeDataUrl } from './data-url.js';
import { ShareCodeEvidenceError } from './evidence-error.js';

function reasonOf(run: () => unknown): string {
  try {
    run();
    return 'no error';
  } catch (error) {
    return error instanceof ShareCodeEvidenceError ? error.reason : 'other error';
  }
}

describe('decodeDataUrl', () => {
  it('decodes base64 with its media type', () => {
    const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0x00, 0x10]);
    const url = `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
    expect(decodeDataUrl(url)).toEqual({ mime: 'image/jpeg', bytes });
  });

  it('is lenient on case, parameters, missing padding and line breaks', () => {
    const decoded = decodeDataUrl('DATA:Application/PDF;name=x.pdf;BASE64,JVBER\n i0x');
    expect(decoded.mime).toBe('application/pdf');
    expect(new TextDecoder().decode(decoded.bytes)).toBe('%PDF-1');
  });

  it('defaults the media type to text/plain as RFC 2397 does', () => {
    expect(decodeDataUrl('data:;base64,aGk=')).toEqual({
      mime: 'text/plain',
      bytes: new TextEncoder().encode('hi'),
    });
  });

  it.each([
    ['https://example.com/photo.jpg', 'not_data_url'],
    ['data:image/jpeg;base64', 'not_data_url'],
    ['data:image/jpeg,%FF%D8', 'not_base64'],
    ['data:image/jpeg;base64,@@@', 'bad_base64'],
    ['data:image/jpeg;base64,A', 'bad_base64'],
    [42, 'not_data_url'],
  ])('refuses %j with %s', (url, reason) => {
    expect(reasonOf(() => decodeDataUrl(url as string))).toBe(reason);
  });
});
