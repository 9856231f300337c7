import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PEOPLE } from './people.js';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH, sandboxPortraitJpeg } from './portrait.js';

describe('sandboxPortraitJpeg', () => {
  const people = Object.values(SANDBOX_PEOPLE);

  it('is a 160x200 JPEG per person, in the person’s colours', () => {
    for (const person of people) {
      const decoded = jpeg.decode(sandboxPortraitJpeg(person), { useTArray: true });
      expect([decoded.width, decoded.height]).toEqual([PORTRAIT_WIDTH, PORTRAIT_HEIGHT]);
      const at = (x: number, y: number) =>
        Array.from(decoded.data.subarray((y * 160 + x) * 4, (y * 160 + x) * 4 + 3));
      const close = (actual: number[], expected: readonly number[]) =>
        actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 12);
      expect(close(at(5, 5), person.portrait.background)).toBe(true);
      expect(close(at(80, 80), person.portrait.skin)).toBe(true);
      expect(close(at(20, 195), person.portrait.clothes)).toBe(true);
      expect(close(at(80, 42), person.portrait.hair)).toBe(true);
    }
  });

  it('differs between people and is cached', () => {
    const photos = people.map((person) => sandboxPortraitJpeg(person));
    expect(new Set(photos.map((photo) => photo.join(','))).size).toBe(people.length);
    expect(sandboxPortraitJpeg(people[0] ?? SANDBOX_PEOPLE.ACPT0001)).toBe(photos[0]);
  });
});
