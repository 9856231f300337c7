import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ShareCodeUsageError } from './errors.js';
import { ShareCodeWebhookError, type WebhookErrorReason } from './webhook-error.js';
import { signWebhook } from './webhook-sign.js';
import { verifyWebhook, verifyWebhookSignature } from './webhooks.js';

// Signatures are built independently here with node:crypto, as the spec words it: HMAC-SHA256
// over "<id>.<timestamp>.<body>", keyed with the base64-decoded part after whsec_.
function hmac(secret: string, id: string, timestamp: number | string, body: string | Uint8Array): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
const id = `evt_${'c'.repeat(32)}`;
const now = new Date('2026-01-01T12:00:00Z');
const ts = Math.floor(now.getTime() / 1000);

const event = {
  type: 'check.succeeded',
  created_at: '2026-01-01T12:00:00Z',
  data: {
    id: `chk_${'d'.repeat(32)}`,
    status: 'succeeded',
    mode: 'test',
    client_reference: 'order-7',
    callback_url: 'https://hooks.example.com/rtw',
    attempts: 1,
    result: {
      outcome: 'ACCEPTED',
      title: 'Right to work',
      name: 'TEST PERSON',
      date_of_birth: '1990-01-01',
      conditions: [],
      restrictions: [],
      share_code: 'W12345678',
      checked_at: '2026-01-01T12:00:00Z',
      nationality: null,
      permission_type: null,
      start_date: null,
      expiry_date: null,
      reference: null,
      photo_data_url: null,
      pdf_data_url: null,
    },
    error: null,
    result_expires_at: '2026-01-08T12:00:00Z',
    result_expired: false,
    created_at: '2026-01-01T11:59:00Z',
    completed_at: '2026-01-01T12:00:00Z',
  },
};
// Pretty-printed on purpose: a JSON parse + stringify round trip changes these bytes.
const body = JSON.stringify(event, null, 2);

function headersFor(payload: string | Uint8Array, overrides: Record<string, string> = {}) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(ts),
    'webhook-signature': hmac(secret, id, ts, payload),
    ...overrides,
  };
}

function reasonOf(run: () => unknown): WebhookErrorReason | 'no error' | 'other error' {
  try {
    run();
    return 'no error';
  } catch (error) {
    return error instanceof ShareCodeWebhookError ? error.reason : 'other error';
  }
}

describe('verifyWebhook', () => {
  it('accepts a delivery signed as the spec says, as a string, bytes or ArrayBuffer', () => {
    const bytes = new TextEncoder().encode(body);
    expect(verifyWebhook(body, headersFor(body), secret, { now })).toEqual(event);
    expect(verifyWebhook(Buffer.from(body), headersFor(body), secret, { now })).toEqual(event);
    expect(verifyWebhook(bytes.buffer, headersFor(body), secret, { now })).toEqual(event);
  });

  it('accepts fetch Headers and Node header objects with any casing', () => {
    const headers = new Headers(headersFor(body));
    expect(verifyWebhook(body, headers, secret, { now }).type).toBe('check.succeeded');
    const nodeStyle = {
      'Webhook-Id': id,
      'WEBHOOK-TIMESTAMP': String(ts),
      'webhook-signature': [hmac(secret, id, ts, body)],
    };
    expect(verifyWebhook(body, nodeStyle, secret, { now }).type).toBe('check.succeeded');
  });

  it('reproduces the Standard Webhooks test vector', () => {
    const vector = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    const verified = verifyWebhookSignature(
      '{"test": 2432232314}',
      vector,
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      {
        now: new Date(1614265330 * 1000),
      },
    );
    expect(verified).toEqual({
      id: vector['webhook-id'],
      timestamp: 1614265330,
      payload: '{"test": 2432232314}',
    });
    // Valid signature, but not one of our events.
    expect(
      reasonOf(() =>
        verifyWebhook('{"test": 2432232314}', vector, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
          now: new Date(1614265330 * 1000),
        }),
      ),
    ).toBe('invalid_payload');
  });

  it('accepts the secret without its whsec_ prefix', () => {
    expect(verifyWebhook(body, headersFor(body), secret.slice('whsec_'.length), { now }).type).toBe(
      'check.succeeded',
    );
  });

  it('refuses a tampered body', () => {
    const tampered = body.replace('order-7', 'order-8');
    expect(reasonOf(() => verifyWebhook(tampered, headersFor(body), secret, { now }))).toBe('bad_signature');
  });

  it('refuses a body re-serialised after a JSON parser, and says how to get the raw body', () => {
    const reserialised = JSON.stringify(JSON.parse(body));
    let message = '';
    try {
      verifyWebhook(reserialised, headersFor(body), secret, { now });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/express\.raw\(\{ type: "application\/json" \}\)/);
    expect(message).toMatch(/JSON\.stringify\(req\.body\)/);
  });

  it('refuses the wrong secret, a tampered id and a tampered timestamp', () => {
    expect(reasonOf(() => verifyWebhook(body, headersFor(body), otherSecret, { now }))).toBe('bad_signature');
    expect(
      reasonOf(() => verifyWebhook(body, headersFor(body, { 'webhook-id': `${id}x` }), secret, { now })),
    ).toBe('bad_signature');
    expect(
      reasonOf(() =>
        verifyWebhook(body, headersFor(body, { 'webhook-timestamp': String(ts + 1) }), secret, { now }),
      ),
    ).toBe('bad_signature');
  });

  it('accepts any matching signature among several, skipping other versions and junk', () => {
    const signature = [
      'v1a,bm90IGFuIGVkMjU1MTkgc2lnbmF0dXJl',
      'v1,',
      'v1,@@@garbage@@@',
      'v1,ünïcødé',
      hmac(otherSecret, id, ts, body),
      hmac(secret, id, ts, body),
    ].join(' ');
    expect(
      verifyWebhook(body, headersFor(body, { 'webhook-signature': signature }), secret, { now }).type,
    ).toBe('check.succeeded');
  });

  it('accepts a signature header split over two lines (joined by Node with ", ")', () => {
    const signature = `${hmac(otherSecret, id, ts, body)}, ${hmac(secret, id, ts, body)}`;
    expect(
      verifyWebhook(body, headersFor(body, { 'webhook-signature': signature }), secret, { now }).type,
    ).toBe('check.succeeded');
  });

  it('accepts either secret during a rotation', () => {
    const signedWithOld = headersFor(body, { 'webhook-signature': hmac(otherSecret, id, ts, body) });
    expect(verifyWebhook(body, signedWithOld, [secret, otherSecret], { now }).type).toBe('check.succeeded');
  });

  it('enforces the tolerance in both directions, at the boundary', () => {
    const at = (seconds: number) => {
      const stamp = ts + seconds;
      return reasonOf(() =>
        verifyWebhook(
          body,
          headersFor(body, {
            'webhook-timestamp': String(stamp),
            'webhook-signature': hmac(secret, id, stamp, body),
          }),
          secret,
          { now },
        ),
      );
    };
    expect(at(-300)).toBe('no error');
    expect(at(-301)).toBe('timestamp_too_old');
    expect(at(300)).toBe('no error');
    expect(at(301)).toBe('timestamp_in_future');
    expect(at(-86_400)).toBe('timestamp_too_old');
  });

  it('honours toleranceSeconds and refuses a tolerance of zero or less', () => {
    const old = ts - 60;
    const headers = headersFor(body, {
      'webhook-timestamp': String(old),
      'webhook-signature': hmac(secret, id, old, body),
    });
    expect(reasonOf(() => verifyWebhook(body, headers, secret, { now, toleranceSeconds: 30 }))).toBe(
      'timestamp_too_old',
    );
    expect(() => verifyWebhook(body, headers, secret, { now, toleranceSeconds: 0 })).toThrow(
      ShareCodeUsageError,
    );
    expect(() => verifyWebhook(body, headers, secret, { now, toleranceSeconds: Number.NaN })).toThrow(
      ShareCodeUsageError,
    );
  });

  it.each(['NaN', 'abc', '', ' ', '12abc', '-1', '1.5', '0', String(ts * 1000), `0${ts}`])(
    'refuses the timestamp %j without letting it bypass the window',
    (stamp) => {
      const headers = headersFor(body, {
        'webhook-timestamp': stamp,
        'webhook-signature': hmac(secret, id, stamp, body),
      });
      expect(['invalid_timestamp', 'missing_headers']).toContain(
        reasonOf(() => verifyWebhook(body, headers, secret, { now })),
      );
    },
  );

  it('names the missing headers', () => {
    const headers: Record<string, string> = headersFor(body);
    delete headers['webhook-signature'];
    delete headers['webhook-id'];
    expect(() => verifyWebhook(body, headers, secret, { now })).toThrow(/webhook-id, webhook-signature/);
    expect(reasonOf(() => verifyWebhook(body, {}, secret, { now }))).toBe('missing_headers');
    expect(reasonOf(() => verifyWebhook(body, null as never, secret, { now }))).toBe('missing_headers');
  });

  it('refuses a parsed body, pointing at express.raw', () => {
    expect(reasonOf(() => verifyWebhook(event as never, headersFor(body), secret, { now }))).toBe(
      'not_raw_body',
    );
    expect(reasonOf(() => verifyWebhook(undefined as never, headersFor(body), secret, { now }))).toBe(
      'not_raw_body',
    );
    expect(() => verifyWebhook(event as never, headersFor(body), secret, { now })).toThrow(/express\.raw/);
  });

  it.each([
    ['', 'empty'],
    ['whsec_', 'prefix only'],
    ['whsec_not base64!', 'not base64'],
    [`whsec_${Buffer.alloc(8).toString('base64')}`, 'too short'],
    [`whsec_${Buffer.alloc(65).toString('base64')}`, 'too long'],
  ])('refuses the secret %j (%s)', (bad) => {
    expect(reasonOf(() => verifyWebhook(body, headersFor(body), bad, { now }))).toBe('bad_secret');
  });

  it('refuses an empty secret list', () => {
    expect(reasonOf(() => verifyWebhook(body, headersFor(body), [], { now }))).toBe('bad_secret');
  });

  it('reports an empty or non-JSON body with a valid signature as invalid_payload, not a crash', () => {
    expect(reasonOf(() => verifyWebhook('', headersFor(''), secret, { now }))).toBe('invalid_payload');
    expect(reasonOf(() => verifyWebhook('not json', headersFor('not json'), secret, { now }))).toBe(
      'invalid_payload',
    );
    expect(verifyWebhookSignature('', headersFor(''), secret, { now }).payload).toBe('');
  });

  it('refuses unknown event types and malformed events', () => {
    for (const payload of [
      { ...event, type: 'check.exploded' },
      { ...event, data: null },
      { ...event, created_at: 5 },
      { ...event, data: { nope: true } },
      [event],
    ]) {
      const text = JSON.stringify(payload);
      expect(reasonOf(() => verifyWebhook(text, headersFor(text), secret, { now }))).toBe('invalid_payload');
    }
  });

  it('refuses bytes that are not UTF-8', () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    expect(reasonOf(() => verifyWebhook(bytes, headersFor(bytes), secret, { now }))).toBe('invalid_payload');
  });

  it('keeps a byte-order mark as part of the signed bytes', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)]);
    expect(verifyWebhookSignature(withBom, headersFor(withBom), secret, { now }).payload.charCodeAt(0)).toBe(
      0xfeff,
    );
  });

  it('uses the real clock by default', () => {
    const fresh = Math.floor(Date.now() / 1000);
    const headers = headersFor(body, {
      'webhook-timestamp': String(fresh),
      'webhook-signature': hmac(secret, id, fresh, body),
    });
    expect(verifyWebhook(body, headers, secret).type).toBe('check.succeeded');
  });
});

describe('signWebhook', () => {
  it('signs so that our verifier, an independent HMAC and the standardwebhooks library all agree', () => {
    const signed = signWebhook(event, secret, { id, timestamp: now });
    expect(signed.body).toBe(JSON.stringify(event));
    expect(signed.headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': hmac(secret, id, ts, signed.body),
    });
    expect(verifyWebhook(signed.body, signed.headers, secret, { now })).toEqual(event);
    const fresh = signWebhook(body, secret);
    expect(new Webhook(secret).verify(fresh.body, fresh.headers)).toEqual(event);
  });

  it('makes evt_ ids and takes Unix seconds', () => {
    const signed = signWebhook('{}', secret, { timestamp: 1_700_000_000 });
    expect(signed.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(signed.headers['webhook-timestamp']).toBe('1700000000');
  });

  it('refuses bad ids, timestamps and secrets', () => {
    expect(() => signWebhook('{}', secret, { id: 'a.b' })).toThrow(ShareCodeUsageError);
    expect(() => signWebhook('{}', secret, { timestamp: Number.NaN })).toThrow(ShareCodeUsageError);
    expect(() => signWebhook('{}', 'whsec_short')).toThrow(ShareCodeWebhookError);
  });
});
