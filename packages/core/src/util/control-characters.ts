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

// C0 controls, DEL and C1 controls (ESC, CSI and the rest that drive a terminal).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f]+/g;

/**
 * The text with every control character removed, for printing text that came from elsewhere (a
 * server, a portal page) on a terminal: no escape sequence can move the cursor, retitle the window or
 * hide a line. Line breaks and tabs become one space, so words stay apart.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_RUN, (run) => (/[\t\n\r]/.test(run) ? ' ' : ''));
}
