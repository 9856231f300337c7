import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEFTOVER_AGE_MS, removeLeftoverTemps, tempPathFor, writeNewFileAtomic } from './atomic-write.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The id of a process that has exited: what a run killed mid-write leaves in its temporary file's name.
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

const photo = (dir: string) => join(dir, '2026-11-26-5d755a3f8ce4.jpg');

describe('unfinished writes of an interrupted run', () => {
  it('the next write in the folder deletes a leftover of a process that died mid-write', async () => {
    const leftover = tempPathFor(photo(dir), deadPid());
    await writeFile(leftover, 'half a photo');
    expect(await writeNewFileAtomic(photo(dir), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(await readdir(dir)).toEqual([basename(photo(dir))]);
    expect([...(await readFile(photo(dir)))]).toEqual([1, 2, 3]);
  });

  it('keeps a write still under way (its process is alive) and files that are not its own', async () => {
    const running = tempPathFor(photo(dir), process.ppid);
    await writeFile(running, 'being written');
    await writeFile(join(dir, '.tmp-notes.txt'), 'a user file');
    await writeFile(join(dir, 'notes.txt'), 'a user file');
    expect(await removeLeftoverTemps(dir)).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['.tmp-notes.txt', basename(running), 'notes.txt'].sort());
  });

  it('a temporary file of an unknown writer (another machine, an older version) goes only when stale', async () => {
    const otherHost = join(dir, `.tmp-${basename(photo(dir))}-0badc0de-4242-91c75e147077`);
    const older = join(dir, `.tmp-${basename(photo(dir))}-91c75e147077`);
    await writeFile(otherHost, 'x');
    await writeFile(older, 'x');
    expect(await removeLeftoverTemps(dir)).toEqual([]);
    const stale = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000);
    await utimes(older, stale, stale);
    expect(await removeLeftoverTemps(dir)).toEqual([basename(older)]);
    expect(await removeLeftoverTemps(dir, new Date(Date.now() + LEFTOVER_AGE_MS + 60_000))).toEqual([
      basename(otherHost),
    ]);
    expect(await readdir(dir)).toEqual([]);
  });
});
