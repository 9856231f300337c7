import { encodeJpeg } from '../util/jpeg-encoder.js';
import type { PortraitPalette, SandboxPerson } from './people.js';

export const PORTRAIT_WIDTH = 160;
export const PORTRAIT_HEIGHT = 200;

type Rgb = readonly [number, number, number];

function darker([r, g, b]: Rgb, factor: number): Rgb {
  return [Math.round(r * factor), Math.round(g * factor), Math.round(b * factor)];
}

/** Head-and-shoulders shapes on a plain background, like a passport-style photo. */
export function drawPortrait(palette: PortraitPalette): Uint8Array {
  const width = PORTRAIT_WIDTH;
  const height = PORTRAIT_HEIGHT;
  const data = new Uint8Array(width * height * 4);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    const p = (y * width + x) * 4;
    data[p] = r;
    data[p + 1] = g;
    data[p + 2] = b;
    data[p + 3] = 255;
  };
  const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  const inTriangle = (x: number, y: number) => y >= 158 && Math.abs(x - 80) <= (186 - y) * 0.5;

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Painted back to front: the first matching layer from the top wins.
      let colour: Rgb = palette.background;
      if (inEllipse(x, y, 80, 228, 78, 72)) colour = inTriangle(x, y) ? palette.shirt : palette.clothes;
      else if (x >= 67 && x <= 93 && y >= 118 && y <= 165) colour = darker(palette.skin, 0.9);
      if (inEllipse(x, y, 80, 84, 39, 47) && y < 118) colour = palette.hair;
      if (inEllipse(x, y, 80, 96, 32, 40)) {
        colour = palette.skin;
        if (inEllipse(x, y, 67, 92, 4, 3) || inEllipse(x, y, 93, 92, 4, 3)) colour = [40, 32, 30];
        else if (inEllipse(x, y, 80, 118, 9, 3)) colour = [150, 70, 70];
        else if (inEllipse(x, y, 80, 106, 3, 6)) colour = darker(palette.skin, 0.85);
      }
      set(x, y, colour);
    }
  }
  return data;
}

const cache = new Map<SandboxPerson['id'], Uint8Array>();

/** The person's JPEG photo; encoded once per person, since encoding is CPU work. */
export function sandboxPortraitJpeg(person: SandboxPerson): Uint8Array {
  let jpeg = cache.get(person.id);
  if (!jpeg) {
    jpeg = encodeJpeg(
      { width: PORTRAIT_WIDTH, height: PORTRAIT_HEIGHT, data: drawPortrait(person.portrait) },
      85,
    );
    cache.set(person.id, jpeg);
  }
  return jpeg;
}
