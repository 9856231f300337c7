// The folder is fsynced after the rename (and the link): without it, a power cut just after the call
// can lose the new name. The module's file-system calls are wrapped to record their order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { durableFs, replaceFileAtomic, writeNewFileAtomic } from './atomic-write.js';

const events: string[] = [];
const real = { ...durableFs };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-sync-'));
  events.length = 0;
  durableFs.rename = async (from, to) => {
    await real.rename(from, to);
    events.push(`rename ${String(to)}`);
  };
  durableFs.link = async (from, to) => {
    await real.link(from, to);
    events.push(`link ${String(to)}`);
  };
  durableFs.open = (async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      await sync();
      events.push(`sync ${String(args[0])}`);
    };
    return handle;
  }) as typeof real.open;
});
afterEach(async () => {
  Object.assign(durableFs, real);
  await rm(dir, { recursive: true, force: true });
});

describe('the folder is synced after the new name is in place', () => {
  it('replaceFileAtomic: file synced, renamed, then the folder synced', async () => {
    const path = join(dir, 'record.json');
    await replaceFileAtomic(path, new TextEncoder().encode('{"a":1}'));
    expect(await readFile(path, 'utf8')).toBe('{"a":1}');
    const renamed = events.indexOf(`rename ${path}`);
    expect(renamed).toBeGreaterThan(0);
    expect(events.slice(0, renamed).some((event) => event.startsWith(`sync ${join(dir, '.tmp-')}`))).toBe(
      true,
    );
    expect(events.slice(renamed + 1)).toContain(`sync ${dir}`);
  });

  it('writeNewFileAtomic: the folder synced after the link, and not when the name was taken', async () => {
    const path = join(dir, 'new.json');
    expect(await writeNewFileAtomic(path, new TextEncoder().encode('1'))).toBe(true);
    const linked = events.indexOf(`link ${path}`);
    expect(linked).toBeGreaterThan(0);
    expect(events.slice(linked + 1)).toContain(`sync ${dir}`);

    events.length = 0;
    expect(await writeNewFileAtomic(path, new TextEncoder().encode('2'))).toBe(false);
    expect(events).not.toContain(`sync ${dir}`);
  });
});
