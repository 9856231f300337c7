// setTimeout fires at once for delays above 2^31 - 1 ms; clamp rather than spin.
const MAX_TIMER_MS = 2_147_483_647;

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (like fetch does). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
