import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('has working defaults for the embedded database', () => {
    const config = loadConfig({}, {});
    expect(config.ok && config.value).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: resolve('.rtw-data'),
      databaseUrl: null,
      encryptionKey: null,
      upgradeUrl: 'http://127.0.0.1:8080/dashboard/billing',
      logLevel: 'info',
      sweepIntervalMs: 60_000,
      publicUrl: null,
    });
  });

  it('reads RTW_PUBLIC_URL as an origin, and refuses one with a path at start', () => {
    const set = loadConfig({}, { RTW_PUBLIC_URL: 'https://checks.example.com/' });
    expect(set.ok && set.value.publicUrl).toBe('https://checks.example.com');
    const refused = loadConfig({}, { RTW_PUBLIC_URL: 'https://checks.example.com/r' });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.join('\n')).toMatch(/RTW_PUBLIC_URL must be the service's public origin/);
  });

  it('prefers flags to the environment', () => {
    const config = loadConfig(
      { port: '9000', databaseUrl: 'postgres://a@db:5432/x' },
      {
        RTW_PORT: '7000',
        DATABASE_URL: 'postgres://b@other/y',
        RTW_ENCRYPTION_KEY: KEY,
        RTW_UPGRADE_URL: 'https://pay.example.com',
      },
    );
    expect(config.ok && config.value).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://a@db:5432/x',
      upgradeUrl: 'https://pay.example.com',
    });
    expect(config.ok && config.value.encryptionKey?.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('lists every problem, each saying what to do', () => {
    const config = loadConfig(
      { port: '70000', upgradeUrl: 'ftp://x', logLevel: 'loud' },
      { DATABASE_URL: 'mysql://x', RTW_SWEEP_INTERVAL_SECONDS: '0' },
    );
    expect(config.ok).toBe(false);
    const problems = config.ok ? [] : config.error;
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/postgres:\/\//);
    expect(problems.join('\n')).toMatch(/RTW_ENCRYPTION_KEY is required/);
    expect(problems.join('\n')).toMatch(/port/);
  });

  it('refuses a malformed RTW_ENCRYPTION_KEY', () => {
    const config = loadConfig({}, { RTW_ENCRYPTION_KEY: 'short' });
    expect(!config.ok && config.error.join()).toContain('RTW_ENCRYPTION_KEY');
  });
});
