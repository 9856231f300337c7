import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDatabaseConfig } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'rtw-secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = Buffer.alloc(32, 7).toString('base64');

describe('RTW_ENCRYPTION_KEY_FILE and DATABASE_URL_FILE (podman secrets)', () => {
  it('read the key and the database URL from their files, trimmed', () => {
    writeFileSync(join(dir, 'key'), `${KEY}\n`);
    writeFileSync(join(dir, 'url'), 'postgres://rtw:pw@postgres:5432/rtw\n');
    const loaded = loadDatabaseConfig(
      {},
      { RTW_ENCRYPTION_KEY_FILE: join(dir, 'key'), DATABASE_URL_FILE: join(dir, 'url') },
    );
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.value.databaseUrl).toBe('postgres://rtw:pw@postgres:5432/rtw');
      expect(loaded.value.encryptionKey?.toString('base64')).toBe(KEY);
    }
  });

  it('leave the variable itself first', () => {
    writeFileSync(join(dir, 'url'), 'postgres://other@x:5432/y\n');
    const loaded = loadDatabaseConfig(
      {},
      {
        DATABASE_URL: 'postgres://rtw@h:5432/rtw',
        DATABASE_URL_FILE: join(dir, 'url'),
        RTW_ENCRYPTION_KEY: KEY,
      },
    );
    expect(loaded.ok && loaded.value.databaseUrl).toBe('postgres://rtw@h:5432/rtw');
  });

  it('name a missing or empty file and what to do', () => {
    writeFileSync(join(dir, 'empty'), '\n');
    const loaded = loadDatabaseConfig(
      {},
      { RTW_ENCRYPTION_KEY_FILE: join(dir, 'nothing'), DATABASE_URL_FILE: join(dir, 'empty') },
    );
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      const said = loaded.error.join('\n');
      expect(said).toContain(
        `RTW_ENCRYPTION_KEY_FILE names ${join(dir, 'nothing')}, which cannot be read (ENOENT)`,
      );
      expect(said).toContain(`DATABASE_URL_FILE names ${join(dir, 'empty')}, which is empty`);
    }
  });
});
