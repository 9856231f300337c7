import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { coloured, qrLines, qrWidth } from './qr.js';

const LINK = 'http://127.0.0.1:8080/r/Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';

/** The modules the half blocks draw, read back: true is dark (the background showing). */
function modulesOf(lines: readonly string[]): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of lines) {
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const char of line) {
      top.push(char === ' ' || char === '\u2584');
      bottom.push(char === ' ' || char === '\u2580');
    }
    rows.push(top, bottom);
  }
  return rows;
}

describe('qrLines', () => {
  it('draws exactly the modules of the QR code, two rows a line, light as blocks', () => {
    const { data } = encode(LINK, { ecc: 'L', border: 2 });
    const lines = qrLines(LINK);
    expect(lines).toHaveLength(Math.ceil(data.length / 2));
    expect(qrWidth(lines)).toBe(data.length);
    // An odd last row is followed by a light row (more quiet zone).
    const read = modulesOf(lines).slice(0, data.length);
    expect(read).toEqual(data);
    expect(lines.join('')).toMatch(/^[\u2580\u2584\u2588 ]+$/);
  });

  it('keeps a light quiet zone all round', () => {
    const lines = qrLines(LINK);
    expect(lines[0]).toMatch(/^\u2588+$/);
    expect(lines.at(-1)).toMatch(/^[\u2580\u2588]+$/);
    for (const line of lines) expect(line.slice(0, 2)).toBe('\u2588\u2588');
  });

  it('colours the code white on black only when asked, with the two SGR styles the output keeps', () => {
    const [line = ''] = coloured(['\u2588 ']);
    expect(line).toBe('\x1b[97m\x1b[40m\u2588 \x1b[49m\x1b[39m');
  });
});
