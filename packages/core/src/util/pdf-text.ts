// Text layout for the PDFs drawn with pdf-lib's standard fonts (the sandbox's and the portal
// simulator's): what the fonts can encode, and how a paragraph breaks into lines.

/** What `wrapText` needs of a font: pdf-lib's `PDFFont` has it. */
export interface MeasuringFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/**
 * Replaces characters the standard fonts cannot encode (WinAnsi): first by their unaccented form,
 * else by "?", so a name in any script still yields a PDF. `charset` is the font's character set
 * (`PDFFont.getCharacterSet()`), as code points.
 */
export function encodableText(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text) {
    if (charset.has(ch.codePointAt(0) ?? 0)) {
      out += ch;
      continue;
    }
    const plain = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += plain !== '' && [...plain].every((c) => charset.has(c.codePointAt(0) ?? 0)) ? plain : '?';
  }
  return out;
}

/**
 * Breaks text into lines no wider than `width` at `size`, at white space; a word wider than the line
 * (a long unbroken company name) is cut by characters.
 */
export function wrapText(text: string, font: MeasuringFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines;
}
