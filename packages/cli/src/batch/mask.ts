/**
 * A share code with its middle hidden (`W*****001`): enough to tell rows apart and to match a
 * results file to its CSV, not enough to run a check. Spaces and case are normalised first.
 */
export function maskShareCode(raw: string): string {
  const code = raw.replace(/\s+/g, '').toUpperCase();
  if (code.length < 6) return '*'.repeat(code.length);
  return `${code.charAt(0)}${'*'.repeat(code.length - 4)}${code.slice(-3)}`;
}
