/** "1 row", "2 rows", "0 rows": a count with its noun, singular only for one. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
