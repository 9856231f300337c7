import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserDirs, sweepBrowserRoot, withTmpDir } from './browser-dirs.js';

describe('browser folders', () => {
  const roots: string[] = [];
  const newRoot = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-browser-dirs-'));
    roots.push(dir);
    return join(dir, 'browser');
  };
  afterEach(() => {
    for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates private folders and removes them', () => {
    const root = newRoot();
    const dirs = createBrowserDirs(root);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(dirs.artifactsDir).mode & 0o777).toBe(0o700);
    writeFileSync(join(dirs.artifactsDir, 'x.pdf'), '%PDF-');
    dirs.remove();
    expect(readdirSync(root)).toEqual([]);
    dirs.remove();
  });

  it('sweeps what gone processes left and keeps live ones', () => {
    const root = newRoot();
    const mine = createBrowserDirs(root);
    // No process has this id (above the kernel's pid_max).
    const dead = join(root, 'run-99999999-abc');
    mkdirSync(join(dead, 'artifacts'), { recursive: true });
    writeFileSync(join(dead, 'artifacts', 'left.crdownload'), '%PDF-');
    mkdirSync(join(root, 'stray'));
    expect(sweepBrowserRoot(root).sort()).toEqual(['run-99999999-abc', 'stray']);
    expect(existsSync(mine.artifactsDir)).toBe(true);
    expect(existsSync(dead)).toBe(false);
  });

  it('points TMPDIR at the folder only while launching, one launch at a time', async () => {
    const before = process.env.TMPDIR;
    const seen: (string | undefined)[] = [];
    const launch = (name: string) =>
      withTmpDir(name, async () => {
        seen.push(process.env.TMPDIR);
        await new Promise((r) => setTimeout(r, 5));
        seen.push(process.env.TMPDIR);
      });
    await Promise.all([launch('/a'), launch('/b')]);
    expect(seen).toEqual(['/a', '/a', '/b', '/b']);
    expect(process.env.TMPDIR).toBe(before);
  });
});
