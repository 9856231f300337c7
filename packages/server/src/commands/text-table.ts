/** Rows under their headings, each column padded to its widest cell, two spaces apart. */
export function textTable(headings: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headings.map((heading, i) =>
    Math.max(heading.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  return [headings, ...rows]
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}
