/** Width to lay text out for: the terminal's, else 80 (a pipe or a file: the classic width). */
export function layoutWidth(columns: number | undefined): number {
  return columns !== undefined && columns >= 40 ? columns : 80;
}

/** Splits `text` at spaces into lines of at most `width` characters (a longer word stands alone). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}
