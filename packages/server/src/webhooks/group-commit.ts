/**
 * Writes that arrive while a write is in progress go together in the next one: one transaction, one
 * commit, for however many attempts ended meanwhile (a commit is most of a small write's cost on
 * PGlite's one connection). Alone, an item is written at once. If a batch fails, its items are
 * written one by one, so one bad item fails alone. With `lingerMs`, a batch that is not full waits
 * that long for company before it is written (for writes nobody waits on).
 */
export function groupCommit<T, R>(
  writeAll: (items: readonly T[]) => Promise<readonly R[]>,
  options: { readonly maxBatch: number; readonly lingerMs?: number },
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;

  async function writeBatch(batch: Waiting[]): Promise<void> {
    try {
      const results = await writeAll(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        w.resolve(results[i] as R);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const w of batch) await writeBatch([w]);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        if (options.lingerMs && queue.length < options.maxBatch) {
          await new Promise((resolve) => setTimeout(resolve, options.lingerMs));
        }
        const batch = queue.slice(0, options.maxBatch);
        queue = queue.slice(batch.length);
        await writeBatch(batch);
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
