/**
 * The line `rtw-server start` prints for a person (on stderr: stdout carries the JSON log): where the
 * API listens, and the pages to open first.
 */
export function startedBanner(url: string): string {
  const base = url.replace(/\/+$/, '');
  return (
    `rtw-server is listening on ${base}\n` +
    `  dashboard:     ${base}/dashboard\n` +
    `  API reference: ${base}/docs\n` +
    'Stop it with Ctrl-C (in-flight checks finish first).\n'
  );
}
