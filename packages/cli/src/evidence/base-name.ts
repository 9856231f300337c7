/**
 * A file name (without extension) from an upstream reference or a check id: letters, digits, dot,
 * dash and underscore only, no leading dot or dash, at most 100 characters. Names already in this
 * form pass through the SDK's saveEvidence unchanged, so the CLI knows the paths before writing.
 */
export function safeBaseName(raw: string): string | undefined {
  const safe = raw
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100)
    .replace(/[-.]+$/, '');
  return safe === '' ? undefined : safe;
}
