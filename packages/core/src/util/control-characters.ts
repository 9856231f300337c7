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
