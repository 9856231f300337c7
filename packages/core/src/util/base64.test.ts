import { describe, expect, it } from 'vitest';
import { base64Encode, dataUrl } from './base64.js';

describe('base64Encode', () => {
  it('matches the platform encoder on every padding case and large input', () => {
    const samples = [0, 1, 2, 3, 4, 5, 255, 256, 12_287, 12_288, 12_289, 100_000].map((length) =>
      Uint8Array.from({ length }, (_, i) => (i * 131 + length) & 255),
    );
    for (const bytes of samples) expect(base64Encode(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('builds data URLs', () => {
    expect(dataUrl('image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff]))).toBe('data:image/jpeg;base64,/9j/');
  });
});
