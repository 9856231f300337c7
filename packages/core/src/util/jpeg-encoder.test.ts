import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { encodeJpeg } from './jpeg-encoder.js';

function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

function maxError(a: Uint8Array, b: Uint8Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++)
    if (i % 4 !== 3) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

describe('encodeJpeg', () => {
  it('writes a JFIF baseline JPEG that an independent decoder reads back', () => {
    const source = image(37, 21, (x, y) => [x < 18 ? 200 : 20, y < 10 ? 50 : 180, 120]);
    const bytes = encodeJpeg(source, 90);
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(Array.from(bytes.subarray(-2))).toEqual([0xff, 0xd9]);
    const decoded = jpeg.decode(bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([37, 21]);
    expect(maxError(decoded.data, source.data)).toBeLessThan(40);
  });

  it('keeps flat colours nearly exact', () => {
    const source = image(64, 64, () => [12, 200, 99]);
    const decoded = jpeg.decode(encodeJpeg(source, 85), { useTArray: true });
    expect(maxError(decoded.data, source.data)).toBeLessThanOrEqual(3);
  });

  it('copes with noise (large coefficients, 0xFF stuffing) at every quality', () => {
    let seed = 7;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 255;
    };
    const source = image(40, 24, () => [noise(), noise(), noise()]);
    for (const quality of [1, 50, 100]) {
      const decoded = jpeg.decode(encodeJpeg(source, quality), { useTArray: true });
      expect(decoded.width).toBe(40);
      if (quality === 100) expect(maxError(decoded.data, source.data)).toBeLessThan(16);
    }
  });

  it('is deterministic', () => {
    const source = image(16, 16, (x, y) => [x * 16, y * 16, 128]);
    expect(encodeJpeg(source)).toEqual(encodeJpeg(source));
  });

  it('refuses impossible sizes', () => {
    expect(() => encodeJpeg({ width: 0, height: 1, data: new Uint8Array(0) })).toThrow(RangeError);
    expect(() => encodeJpeg({ width: 2, height: 2, data: new Uint8Array(4) })).toThrow(RangeError);
  });
});
