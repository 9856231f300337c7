import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_TTL_SECONDS } from './device-cookie.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('device cookies', () => {
  it('name the account and a random device, signed', () => {
    const devices = createDeviceCookies([randomBytes(32)]);
    const value = devices.issue('acc_abc123', NOW);
    const read = devices.read(value, NOW);
    expect(read?.accountId).toBe('acc_abc123');
    expect(read?.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.read(devices.issue('acc_abc123', NOW), NOW)?.deviceId).not.toBe(read?.deviceId);
  });

  it('refuse a changed account, a changed signature, another key, nonsense and old age', () => {
    const key = randomBytes(32);
    const devices = createDeviceCookies([key]);
    const value = devices.issue('acc_abc123', NOW);
    expect(devices.read(value.replace('acc_abc123', 'acc_abc124'), NOW)).toBeNull();
    expect(devices.read(`${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`, NOW)).toBeNull();
    expect(createDeviceCookies([randomBytes(32)]).read(value, NOW)).toBeNull();
    for (const junk of [undefined, '', 'v1', `${value}.x`]) expect(devices.read(junk, NOW)).toBeNull();
    expect(devices.read(value, later(DEVICE_TTL_SECONDS - 1))).not.toBeNull();
    expect(devices.read(value, later(DEVICE_TTL_SECONDS + 1))).toBeNull();
  });

  it('stay valid through a key rotation while the old key is listed', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const value = createDeviceCookies([oldKey]).issue('acc_abc123', NOW);
    expect(createDeviceCookies([newKey, oldKey]).read(value, NOW)?.accountId).toBe('acc_abc123');
    expect(createDeviceCookies([newKey]).read(value, NOW)).toBeNull();
  });
});
