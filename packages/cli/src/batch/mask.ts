import { tidyShareCode } from '@sharecode/core/validation';

/**
 * A share code with its middle hidden (`W*****001`): enough to tell rows apart and to match a
 * results file to its CSV, not enough to run a check. Spaces, dashes and case are normalised first,
 * as core reads a typed share code.
 */
export function maskShareCode(raw: string): string {
  const code = tidyShareCode(raw);
  if (code.length < 6) return '*'.repeat(code.length);
  return `${code.charAt(0)}${'*'.repeat(code.length - 4)}${code.slice(-3)}`;
}
