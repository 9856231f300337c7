// Looking for personal data in a database dump without false alarms: random ids and key prefixes are
// base62, so a short name part ("Anna") can turn up inside one by chance. A short needle counts only
// as a whole token (no letter or digit either side); a long one anywhere. Hex (how bytea prints) is
// searched only for needles long enough that chance cannot produce them.

const SHORT = 12;
const MIN_HEX_NEEDLE = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `dump` (any case) holds `needle` as data rather than as a chance substring of a random id. */
export function holdsPlaintext(dump: string, needle: string): boolean {
  const text = dump.toLowerCase();
  const lower = needle.toLowerCase();
  const found =
    lower.length >= SHORT
      ? text.includes(lower)
      : new RegExp(`(?<![a-z0-9])${escapeRegExp(lower)}(?![a-z0-9])`).test(text);
  if (found) return true;
  if (needle.length < MIN_HEX_NEEDLE) return false;
  return text.includes(Buffer.from(needle).toString('hex'));
}
