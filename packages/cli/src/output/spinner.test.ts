import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSpinner } from './spinner.js';

function recorder() {
  const chunks: string[] = [];
  return { chunks, stream: { write: (chunk: string) => chunks.push(chunk) > 0, isTTY: true } };
}

describe('startSpinner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes nothing at all when disabled', () => {
    const { chunks, stream } = recorder();
    const spinner = startSpinner(stream, 'Checking', { enabled: false });
    spinner.update('still');
    spinner.stop();
    expect(chunks).toEqual([]);
  });

  it('redraws one line with the elapsed seconds and clears it on stop', () => {
    vi.useFakeTimers();
    const { chunks, stream } = recorder();
    let now = 0;
    const spinner = startSpinner(stream, 'Checking', { enabled: true, now: () => now });
    now = 2_500;
    spinner.update('Waiting');
    vi.advanceTimersByTime(80);
    spinner.stop();
    spinner.stop();
    const clear = '\r\x1b[2K';
    expect(chunks[0]?.startsWith(clear) && chunks[0].slice(clear.length)).toMatch(/^. Checking 0s$/);
    expect(chunks[1]?.startsWith(clear) && chunks[1].slice(clear.length)).toMatch(/^. Waiting 2s$/);
    expect(chunks.at(-1)).toBe('\r\x1b[2K');
    expect(chunks).toHaveLength(3);
    vi.advanceTimersByTime(1_000);
    expect(chunks).toHaveLength(3);
  });
});
