import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account keeps this cookie: during a lockout of the account's
 * e-mail address (someone else guessing) it still lets the right password through, counted against
 * its own limit (OWASP's "device cookies"). It proves a past sign-in, never grants one.
 */
export const DEVICE_COOKIE = 'rtw_device';
/** Long-lived: an owner who signs in twice a year is still known. */
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

export interface KnownDevice {
  readonly accountId: string;
  /** The cookie's own random id: the key of its failure count. */
  readonly deviceId: string;
}

export interface DeviceCookies {
  /** A fresh cookie value for a browser that just signed in to `accountId`. */
  issue(accountId: string, now: Date): string;
  /** The device a cookie value names, when its signature holds and it has not expired; else null. */
  read(value: string | undefined, now: Date): KnownDevice | null;
}

const VALUE = /^v1\.(acc_[A-Za-z0-9]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** `keys[0]` signs; every key verifies (a rotation keeps cookies valid while the old key is listed). */
export function createDeviceCookies(keys: readonly Buffer[]): DeviceCookies {
  const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body, 'utf8').digest();
  const [signer] = keys;
  if (!signer) throw new Error('device cookies need a key');
  return {
    issue(accountId, now) {
      const body = `v1.${accountId}.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
      return `${body}.${mac(signer, body).toString('base64url')}`;
    },
    read(value, now) {
      const match = value === undefined ? null : VALUE.exec(value);
      if (!match) return null;
      const [, accountId = '', issued = '', deviceId = '', signature = ''] = match;
      if (Number(issued) + DEVICE_TTL_SECONDS < now.getTime() / 1000) return null;
      // Compared as text: base64url decoding ignores a last character's spare bits, so two
      // spellings would decode to the same bytes.
      const given = Buffer.from(signature, 'utf8');
      const body = `v1.${accountId}.${issued}.${deviceId}`;
      const valid = keys.some((key) =>
        timingSafeEqual(Buffer.from(mac(key, body).toString('base64url'), 'utf8'), given),
      );
      return valid ? { accountId, deviceId } : null;
    },
  };
}
