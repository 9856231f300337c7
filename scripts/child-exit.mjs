// How `npm start` reports a child's end: a child it stopped itself (SIGTERM, then a clean exit with 0)
// ended as asked; anything else is worth a line.

/**
 * @param {{ code: number | null, signal: string | null, stopRequested: boolean }} exit
 * @returns {string | null} why the end was unexpected, or null when it was the one asked for
 */
export function unexpectedExit({ code, signal, stopRequested }) {
  if (stopRequested && (code === 0 || signal === 'SIGTERM')) return null;
  if (stopRequested) return `exit code ${code ?? signal} while stopping`;
  return `${code === null ? `signal ${signal}` : `exit code ${code}`}`;
}
