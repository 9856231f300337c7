import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOKS_CONFIG, loadWebhooksConfig } from './webhook-config.js';

describe('webhook configuration', () => {
  it('defaults to the spec: 22-hour schedule, 10 s, nothing unsafe, no e-mail', () => {
    expect(loadWebhooksConfig({}, {})).toEqual({ ok: true, value: DEFAULT_WEBHOOKS_CONFIG });
    expect(DEFAULT_WEBHOOKS_CONFIG.unsafeAllowHosts).toEqual([]);
    expect(DEFAULT_WEBHOOKS_CONFIG.timeoutMs).toBe(10_000);
  });

  it('reads a compressed schedule of exactly 7 delays and the unsafe hosts, flag first', () => {
    const loaded = loadWebhooksConfig(
      { webhooksUnsafeAllowHosts: '127.0.0.1, localhost' },
      {
        RTW_WEBHOOKS_RETRY_SECONDS: '0.1,0.1,0.2,0.2,0.3,0.3,0.5',
        RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: 'ignored',
      },
    );
    expect(loaded.ok && loaded.value.retrySchedule).toEqual([0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.5]);
    expect(loaded.ok && loaded.value.unsafeAllowHosts).toEqual(['127.0.0.1', 'localhost']);
  });

  it('says which variable is wrong and what it must be', () => {
    const loaded = loadWebhooksConfig(
      { webhooksUnsafeAllowHosts: 'http://x/' },
      {
        RTW_WEBHOOKS_RETRY_SECONDS: '1,2',
        RTW_WEBHOOKS_CA_FILE: '/nonexistent/ca.pem',
        RTW_WEBHOOKS_CONCURRENCY: '0',
        RTW_SMTP_URL: 'mail.example.com',
      },
    );
    expect(loaded.ok).toBe(false);
    const text = loaded.ok ? '' : loaded.error.join('\n');
    for (const name of [
      'RTW_WEBHOOKS_RETRY_SECONDS',
      'RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS',
      'RTW_WEBHOOKS_CA_FILE',
      'RTW_WEBHOOKS_CONCURRENCY',
      'RTW_SMTP_URL',
      'RTW_MAIL_FROM',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('trusts a CA file on top of the public roots', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-ca-'));
    try {
      const file = join(dir, 'ca.pem');
      writeFileSync(file, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
      const loaded = loadWebhooksConfig({}, { RTW_WEBHOOKS_CA_FILE: file });
      expect(loaded.ok && loaded.value.ca?.length).toBeGreaterThan(100);
      writeFileSync(file, 'nothing');
      expect(loadWebhooksConfig({}, { RTW_WEBHOOKS_CA_FILE: file }).ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
