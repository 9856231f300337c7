import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

describe('group commit', () => {
  it('writes a lone item at once, and what arrives during a write in the next batch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const write = groupCommit(
      async (items: readonly number[]) => {
        batches.push([...items]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((n) => n * 10);
      },
      { maxBatch: 3 },
    );
    const first = write(1);
    const rest = [2, 3, 4, 5].map((n) => write(n));
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('retries a failed batch item by item, so one bad item fails alone', async () => {
    const write = groupCommit(
      async (items: readonly number[]) => {
        if (items.includes(13)) throw new Error('bad item');
        await new Promise((resolve) => setTimeout(resolve, 1));
        return items.map(String);
      },
      { maxBatch: 10 },
    );
    const lone = write(1);
    const results = await Promise.allSettled([write(12), write(13), write(14)]);
    expect(await lone).toBe('1');
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
