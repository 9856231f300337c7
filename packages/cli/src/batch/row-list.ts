/** "row 7", "rows 2, 7 and 9" (the first 20, then how many more). */
export function rowList(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  const shown = rows.slice(0, 20);
  const more = rows.length - shown.length;
  if (more > 0) return `rows ${shown.join(', ')} and ${more} more`;
  return `rows ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
