import type { OutStream } from '../context.js';

export interface ProgressCounts {
  done: number;
  total: number;
  ok: number;
  failed: number;
}

export interface ProgressBar {
  update(counts: ProgressCounts): void;
  stop(): void;
}

const CLEAR_LINE = '\r\x1b[2K';
const REDRAW_MS = 100;

/** The bar's text: counts only, never a share code or a date of birth. */
export function renderProgress(counts: ProgressCounts, width: number): string {
  const share = counts.total === 0 ? 1 : counts.done / counts.total;
  const filled = Math.round(share * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return `[${bar}] ${counts.done}/${counts.total} rows, ${counts.ok} ok, ${counts.failed} with errors`;
}

/** A progress bar on `stream` (stderr); draws nothing unless `enabled` (a terminal, not CI). */
export function startProgressBar(
  stream: OutStream,
  initial: ProgressCounts,
  options: { enabled: boolean },
): ProgressBar {
  if (!options.enabled) return { update() {}, stop() {} };
  const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 50));
  let last = 0;
  let latest = initial;
  let stopped = false;
  const draw = (): void => {
    stream.write(`${CLEAR_LINE}${renderProgress(latest, width)}`);
    last = Date.now();
  };
  draw();
  return {
    update(counts) {
      latest = counts;
      // Redraws are throttled; the last one always shows.
      if (Date.now() - last >= REDRAW_MS || counts.done === counts.total) draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      stream.write(CLEAR_LINE);
    },
  };
}
