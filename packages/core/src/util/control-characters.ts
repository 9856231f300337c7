/**
 * True when `text` holds a control character: C0 (U+0000 to U+001F), DEL (U+007F) or C1 (U+0080 to
 * U+009F). With `space`, a space counts too (URLs, which parsers silently trim).
 */
export function hasControlCharacter(text: string, options: { space?: boolean } = {}): boolean {
  const limit = options.space ? 0x20 : 0x1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= limit || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
