import { describe, expect, it } from 'vitest';
import { renderProgress, startProgressBar } from './progress-bar.js';

describe('progress bar', () => {
  it('shows counts only', () => {
    expect(renderProgress({ done: 5, total: 10, ok: 4, failed: 1 }, 10)).toBe(
      '[#####.....] 5/10 rows, 4 ok, 1 with errors',
    );
    expect(renderProgress({ done: 0, total: 0, ok: 0, failed: 0 }, 4)).toBe(
      '[####] 0/0 rows, 0 ok, 0 with errors',
    );
  });

  it('draws nothing when disabled, and always draws the last update', () => {
    const chunks: string[] = [];
    const stream = { write: (chunk: string) => chunks.push(chunk) > 0, isTTY: true, columns: 80 };
    const off = startProgressBar(stream, { done: 0, total: 2, ok: 0, failed: 0 }, { enabled: false });
    off.update({ done: 2, total: 2, ok: 2, failed: 0 });
    off.stop();
    expect(chunks).toEqual([]);
    const on = startProgressBar(stream, { done: 0, total: 2, ok: 0, failed: 0 }, { enabled: true });
    on.update({ done: 2, total: 2, ok: 1, failed: 1 });
    on.stop();
    expect(chunks.at(-2)).toContain('2/2 rows, 1 ok, 1 with errors');
    expect(chunks.at(-1)).toBe('\r\x1b[2K');
  });
});
