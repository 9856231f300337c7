import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILE_NAME, loadOrCreateKeyFile } from './key-file.js';

describe('the embedded key file', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-key-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is created once with mode 0600 and read back on the next start', () => {
    const dir = tempDir();
    const first = loadOrCreateKeyFile(dir);
    expect(first.ok && first.value).toHaveLength(1);
    expect(first.ok && first.value[0]).toHaveLength(32);
    expect(statSync(join(dir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    const second = loadOrCreateKeyFile(dir);
    expect(first.ok && second.ok && first.value[0]?.equals(second.value[0] ?? Buffer.alloc(0))).toBe(true);
    expect(readFileSync(join(dir, KEY_FILE_NAME), 'utf8').trim()).toHaveLength(44);
  });

  it('is refused when other users can read it', () => {
    const dir = tempDir();
    loadOrCreateKeyFile(dir);
    chmodSync(join(dir, KEY_FILE_NAME), 0o644);
    const result = loadOrCreateKeyFile(dir);
    expect(!result.ok && result.error).toContain('chmod 600');
  });
});
