import type { BrowserKeeper } from './browser-keeper.js';

/**
 * Probes the current browser every `intervalMs` (0: never) and condemns one that does not answer,
 * so that a hung browser is replaced before a check finds it. Returns the stop function.
 */
export function startIdleProbe<S>(
  keeper: BrowserKeeper<S>,
  intervalMs: number,
  timeoutMs: number,
): () => void {
  if (intervalMs <= 0) return () => {};
  let probing = false;
  const timer = setInterval(() => {
    const entry = keeper.current();
    if (!entry || probing || keeper.isClosing()) return;
    probing = true;
    entry.browser
      .probe(timeoutMs)
      .then((healthy) => {
        if (!healthy && !entry.closed) keeper.condemn(entry, 'failed its health probe');
      })
      .catch(() => {})
      .finally(() => {
        probing = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
