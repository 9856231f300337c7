// The folder is fsynced after the rename (and the link): without it, a power cut just after the call
// can lose the new name. fs/promises is wrapped to record every open and every fsync, in order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const events: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const wrap =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const value = await fn(...args);
      events.push(`${name} ${String(args[args.length - 1] === undefined ? args[0] : args[1])}`);
      return value;
    };
  return {
    ...real,
    rename: wrap('rename', real.rename),
    link: wrap('link', real.link),
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const path = String(args[0]);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await sync();
        events.push(`sync ${path}`);
      };
      return handle;
    },
  };
});

const { replaceFileAtomic, writeNewFileAtomic } = await import('./atomic-write.js');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-sync-'));
  events.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the folder is synced after the new name is in place', () => {
  it('replaceFileAtomic: file synced, renamed, then the folder synced', async () => {
    const path = join(dir, 'record.json');
    await replaceFileAtomic(path, new TextEncoder().encode('{"a":1}'));
    expect(await readFile(path, 'utf8')).toBe('{"a":1}');
    const renamed = events.findIndex((event) => event.startsWith('rename') && event.endsWith(path));
    expect(renamed).toBeGreaterThan(0);
    expect(events.slice(0, renamed).some((event) => event.startsWith(`sync ${dir}/.tmp-`))).toBe(true);
    expect(events.slice(renamed + 1)).toContain(`sync ${dir}`);
  });

  it('writeNewFileAtomic: the folder synced after the link, and not when the name was taken', async () => {
    const path = join(dir, 'new.json');
    expect(await writeNewFileAtomic(path, new TextEncoder().encode('1'))).toBe(true);
    const linked = events.findIndex((event) => event.startsWith('link') && event.endsWith(path));
    expect(linked).toBeGreaterThan(0);
    expect(events.slice(linked + 1)).toContain(`sync ${dir}`);

    events.length = 0;
    expect(await writeNewFileAtomic(path, new TextEncoder().encode('2'))).toBe(false);
    expect(events).not.toContain(`sync ${dir}`);
  });
});
