// What `start` says about its settings (issue 37): an RTW_* variable it does not know is named in one
// warning; an unset RTW_UPGRADE_URL (or RTW_PUBLIC_URL) while listening on every interface is warned about; the instance
// is listed by RTW_INSTANCE_NAME, which survives a recreate where a container's host name does not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/start-server.js';
import { jsonLogs } from './support/json-logs.js';
import { seedPgliteDataDir } from './support/pglite-template.js';

describe('rtw-server start and its settings', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-settings-'));
    await seedPgliteDataDir(join(dir, 'data'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns once about unknown RTW_* settings and an unreachable upgrade address, and shows its name', async () => {
    const { logs, destination } = jsonLogs();
    const server = await startServer({
      host: '0.0.0.0',
      port: 0,
      dataDir: join(dir, 'data'),
      env: { RTW_METRIC_PORT: '9464', RTW_INSTANCE_NAME: 'rtw-1', RTW_IMAGE: 'x', RTW_UPGRADE_URL: '' },
      sweepIntervalMs: 0,
      logLevelOverride: 'info',
      logDestination: destination,
    });
    try {
      const warnings = logs.filter((line) => line.level === 40).map((line) => String(line.msg));
      expect(warnings.filter((msg) => msg.includes('does not know'))).toEqual([
        'rtw-server does not know RTW_METRIC_PORT: ignored (a typo, or a setting of another version?). The settings are listed in packages/server/README.md, "Configuration".',
      ]);
      expect(warnings.filter((msg) => msg.startsWith('RTW_UPGRADE_URL is not set'))).toHaveLength(1);
      // Check requests' links would take whatever origin a request came by (issue 35's walk).
      expect(warnings.filter((msg) => msg.startsWith('RTW_PUBLIC_URL is not set'))).toHaveLength(1);
      const status = await server.status();
      expect(status.instances.map((instance) => instance.host)).toEqual(['rtw-1']);
      // The id of the key it seals with, never the key.
      expect(status.instances[0]?.keyId).toMatch(/^[0-9a-f]{8}$/);
    } finally {
      await server.close();
    }
  });

  it('says nothing when every setting is known and the upgrade and public addresses are set', async () => {
    const { logs, destination } = jsonLogs();
    const server = await startServer({
      host: '0.0.0.0',
      port: 0,
      dataDir: join(dir, 'data'),
      env: {
        RTW_UPGRADE_URL: 'https://rtw.example/dashboard/billing',
        RTW_PUBLIC_URL: 'https://rtw.example',
        RTW_PORT_1: '8080',
      },
      sweepIntervalMs: 0,
      logLevelOverride: 'info',
      logDestination: destination,
    });
    await server.close();
    expect(logs.filter((line) => line.level === 40)).toEqual([]);
  });
});
