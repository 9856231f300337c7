import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  it('lets one holder at a time use a data folder and takes over a dead owner’s lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-lock-'));
    try {
      const first = lockDataDir(dir);
      expect(first.ok).toBe(true);
      const second = lockDataDir(dir);
      expect(!second.ok && second.error).toContain('in use by this process');
      if (first.ok) first.value();

      // A pid that cannot be running (above the kernel's pid_max), as a crashed process would leave.
      writeFileSync(join(dir, 'rtw-server.lock'), '4194399');
      const third = lockDataDir(dir);
      expect(third.ok).toBe(true);
      expect(readFileSync(join(dir, 'rtw-server.lock'), 'utf8')).toBe(String(process.pid));
      if (third.ok) third.value();

      writeFileSync(join(dir, 'rtw-server.lock'), '1');
      const busy = lockDataDir(dir);
      expect(!busy.ok && busy.error).toContain('pid 1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
