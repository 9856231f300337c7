/** True when `text` holds a C0 control character or DEL; with `spaceAndC1`, also spaces and C1 controls. */
export function hasControlCharacter(text: string, options: { spaceAndC1?: boolean } = {}): boolean {
  const limit = options.spaceAndC1 ? 0x20 : 0x1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= limit || code === 0x7f) return true;
    if (options.spaceAndC1 && code >= 0x80 && code <= 0x9f) return true;
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
