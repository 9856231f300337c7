/**
 * Device names Windows reserves in every folder, whatever the case and with any extension (`nul.pdf`
 * opens the null device): CON, PRN, AUX, NUL, COM0-9 and LPT0-9 (Microsoft's "Naming Files, Paths,
 * and Namespaces"; COM0 and LPT0 are listed there too).
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/**
 * A file or folder name (without extension) from an upstream reference or a caller's choice:
 * letters, digits, dot, dash and underscore only, no leading dot or dash, no trailing dot or dash,
 * at most 100 characters; undefined when nothing usable is left. Upstream text goes into paths, so
 * the set is conservative: nothing can climb out of the folder or hide. A name Windows reserves for a
 * device gets a leading `_` (`_CON`), so the same evidence saves on every system.
 */
export function safeFileName(raw: string): string | undefined {
  const safe = raw
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100)
    .replace(/[-.]+$/, '');
  if (safe === '') return undefined;
  return WINDOWS_RESERVED.test(safe) ? `_${safe}`.slice(0, 100).replace(/[-.]+$/, '') : safe;
}
