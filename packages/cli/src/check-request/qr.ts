import { encode } from 'uqr';

// Light modules (and the quiet zone) are drawn as blocks in the text's colour, dark ones as the
// background: right on a dark terminal as it stands, and on any terminal once the colours are set
// (white text on black), which `coloured` does. Two rows of modules share one line of text.
const UPPER = '\u2580';
const LOWER = '\u2584';
const FULL = '\u2588';
// Scanners want a quiet zone of light modules around the code; 2 is what phones need in practice.
const QUIET_ZONE = 2;

/** The link as lines of half blocks (`true` in the matrix is a dark module). */
export function qrLines(text: string): string[] {
  const { data } = encode(text, { ecc: 'L', border: QUIET_ZONE });
  const lines: string[] = [];
  for (let row = 0; row < data.length; row += 2) {
    const top = data[row] ?? [];
    const bottom = data[row + 1];
    let line = '';
    for (let col = 0; col < top.length; col++) {
      const topLight = top[col] !== true;
      // An odd last row is drawn over a light row: the quiet zone goes on below it.
      const bottomLight = bottom === undefined ? true : bottom[col] !== true;
      line += topLight ? (bottomLight ? FULL : UPPER) : bottomLight ? LOWER : ' ';
    }
    lines.push(line);
  }
  return lines;
}

/** The lines in white on black, so that a light-background terminal shows the code the right way round. */
export function coloured(lines: readonly string[]): string[] {
  return lines.map((line) => `\x1b[97m\x1b[40m${line}\x1b[49m\x1b[39m`);
}

/** Columns the code takes on screen. */
export function qrWidth(lines: readonly string[]): number {
  return lines[0]?.length ?? 0;
}
