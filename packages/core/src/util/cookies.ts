/**
 * Reads a Cookie request header into name → value. Malformed pairs are skipped, never thrown on;
 * the first of a repeated name wins (browsers send the most specific path first); values are
 * percent-decoded where that is valid, else kept as sent.
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? '' : pair.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}
