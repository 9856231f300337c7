import type { OutStream } from '../context.js';

export interface Spinner {
  /** Replaces the text after the spinner. */
  update(text: string): void;
  /** Clears the spinner line; safe to call twice. */
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;
const CLEAR_LINE = '\r\x1b[2K';

const SILENT: Spinner = { update() {}, stop() {} };

/**
 * A one-line spinner with the seconds elapsed, on `stream` (stderr). When `enabled` is false it
 * draws nothing at all: piped output, CI and TERM=dumb get no animation and no stray characters.
 */
export function startSpinner(
  stream: OutStream,
  text: string,
  options: { enabled: boolean; now?: () => number },
): Spinner {
  if (!options.enabled) return SILENT;
  const now = options.now ?? Date.now;
  const started = now();
  let current = text;
  let frame = 0;
  let stopped = false;
  const draw = (): void => {
    const seconds = Math.floor((now() - started) / 1000);
    stream.write(`${CLEAR_LINE}${FRAMES[frame % FRAMES.length]} ${current} ${seconds}s`);
    frame++;
  };
  draw();
  const timer = setInterval(draw, FRAME_MS);
  // The spinner alone must never keep the process alive.
  timer.unref();
  return {
    update(next) {
      current = next;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stream.write(CLEAR_LINE);
    },
  };
}
