import { createHash } from 'node:crypto';
import { encode } from 'jpeg-js';

const WIDTH = 150;
const HEIGHT = 190;

const SKIN = [
  [241, 194, 167],
  [224, 172, 135],
  [198, 134, 96],
  [141, 85, 56],
  [94, 58, 38],
] as const;
const HAIR = [
  [40, 30, 25],
  [90, 60, 35],
  [170, 130, 80],
  [110, 110, 110],
  [15, 15, 20],
] as const;
const CLOTHES = [
  [40, 60, 110],
  [70, 70, 70],
  [120, 40, 40],
  [30, 90, 70],
  [200, 200, 205],
] as const;

type Rgb = readonly [number, number, number];

function choose<T>(list: readonly T[], byte: number | undefined): T {
  return list[(byte ?? 0) % list.length] as T;
}

/**
 * A passport-style portrait (plain background, head and shoulders) drawn from a seed string, so
 * each person gets a distinct, stable photo without shipping image files.
 */
export function generatePortrait(seed: string): Uint8Array {
  const cached = portraits.get(seed);
  if (cached) return cached;
  const jpeg = drawPortrait(seed);
  portraits.set(seed, jpeg);
  return jpeg;
}

/** Drawing and encoding take a while; simulators started by one test run share the results. */
const portraits = new Map<string, Uint8Array>();

function drawPortrait(seed: string): Uint8Array {
  const hash = createHash('sha256').update(seed).digest();
  const skin: Rgb = choose(SKIN, hash[0]);
  const hair: Rgb = choose(HAIR, hash[1]);
  const clothes: Rgb = choose(CLOTHES, hash[2]);
  const background: Rgb = [228 + ((hash[3] ?? 0) % 20), 230, 232];
  const headRx = 34 + ((hash[4] ?? 0) % 8);
  const headRy = 44 + ((hash[5] ?? 0) % 6);
  const cx = WIDTH / 2;
  const cy = 80;
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const head = ((x - cx) / headRx) ** 2 + ((y - cy) / headRy) ** 2 <= 1;
      const hairCap =
        ((x - cx) / (headRx + 4)) ** 2 + ((y - cy + 10) / (headRy + 2)) ** 2 <= 1 && y < cy - 18;
      const shoulders = y > 150 && ((x - cx) / 70) ** 2 + ((y - 215) / 70) ** 2 <= 1;
      const neck = Math.abs(x - cx) < 14 && y > cy + 30 && y <= 160;
      const eye = (Math.abs(x - (cx - 13)) < 3 || Math.abs(x - (cx + 13)) < 3) && Math.abs(y - (cy - 2)) < 3;
      const mouth = Math.abs(x - cx) < 10 && Math.abs(y - (cy + 22)) < 2;
      let colour: Rgb = background;
      if (shoulders) colour = clothes;
      else if (hairCap) colour = hair;
      else if (eye || mouth) colour = [50, 35, 35];
      else if (head || neck) colour = skin;
      const i = (y * WIDTH + x) * 4;
      pixels[i] = colour[0];
      pixels[i + 1] = colour[1];
      pixels[i + 2] = colour[2];
      pixels[i + 3] = 255;
    }
  }
  return new Uint8Array(encode({ data: pixels, width: WIDTH, height: HEIGHT }, 85).data);
}

/** Whether the bytes start like a JPEG (SOI marker). */
export function looksLikeJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

export function jpegDataUrl(bytes: Uint8Array): string {
  return `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
}
