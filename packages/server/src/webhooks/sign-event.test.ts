import { sandboxTestEventRecord } from '@sharecode/core/sandbox';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { eventBody, signatureOf, WEBHOOK_USER_AGENT, webhookHeaders } from './sign-event.js';
import { generateWebhookSecret, webhookSecretKey } from './webhook-secret.js';

describe('webhook signing', () => {
  it('reproduces the Standard Webhooks test vector', () => {
    const key = webhookSecretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(key).not.toBeNull();
    expect(
      signatureOf(key as Buffer, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs what the standardwebhooks library verifies, with the contract headers', async () => {
    const secret = generateWebhookSecret();
    const now = new Date();
    const body = eventBody('check.test', now, await sandboxTestEventRecord(now));
    const headers = webhookHeaders(
      webhookSecretKey(secret) as Buffer,
      'evt_0123456789abcdefABCDEF0123456789',
      now,
      body,
    );
    expect(headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
    const verified = new Webhook(secret).verify(body, { ...headers });
    expect(verified).toMatchObject({ type: 'check.test', created_at: now.toISOString() });
    const other = generateWebhookSecret();
    expect(() => new Webhook(other).verify(body, { ...headers })).toThrow();
  });

  it('generates whsec_ secrets of 32 bytes and refuses other shapes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecretKey(secret)?.length).toBe(32);
    expect(webhookSecretKey('whsec_c2hvcnQ=')).toBeNull();
    expect(webhookSecretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBeNull();
    expect(webhookSecretKey('whsec_not base64!')).toBeNull();
  });
});
