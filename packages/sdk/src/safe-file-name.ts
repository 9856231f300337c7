/**
 * A file or folder name (without extension) from an upstream reference or a caller's choice:
 * letters, digits, dot, dash and underscore only, no leading dot or dash, no trailing dot or dash,
 * at most 100 characters; undefined when nothing usable is left. Upstream text goes into paths, so
 * the set is conservative: nothing can climb out of the folder or hide.
 */
export function safeFileName(raw: string): string | undefined {
  const safe = raw
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100)
    .replace(/[-.]+$/, '');
  return safe === '' ? undefined : safe;
}
