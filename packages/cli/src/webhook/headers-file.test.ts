import { describe, expect, it } from 'vitest';
import { headerLines, parseHeaders } from './headers-file.js';

describe('parseHeaders', () => {
  it('reads a JSON object, names lower-cased, arrays joined', () => {
    expect(parseHeaders('{"Webhook-Id":"evt_1","webhook-signature":["v1,a","v1,b"]}')).toEqual({
      ok: true,
      value: { 'webhook-id': 'evt_1', 'webhook-signature': 'v1,a v1,b' },
    });
  });

  it('reads Name: value lines, skipping a request line and stopping at the body', () => {
    const dump = 'POST /hook HTTP/1.1\r\nWebhook-Id: evt_1\r\nwebhook-timestamp: 17\r\n\r\n{"type":"x"}';
    expect(parseHeaders(dump)).toEqual({
      ok: true,
      value: { 'webhook-id': 'evt_1', 'webhook-timestamp': '17' },
    });
  });

  it('joins a repeated header with a space and keeps colons in values', () => {
    const parsed = parseHeaders('webhook-signature: v1,a\nwebhook-signature: v1,b\nx-url: https://a:1/b');
    expect(parsed).toEqual({
      ok: true,
      value: { 'webhook-signature': 'v1,a v1,b', 'x-url': 'https://a:1/b' },
    });
  });

  it('refuses what it cannot read, naming the line', () => {
    expect(parseHeaders('')).toEqual({ ok: false, error: 'the file is empty' });
    expect(parseHeaders('webhook-id: a\nnot a header')).toEqual({
      ok: false,
      error: 'line 2 is not "Name: value"',
    });
    expect(parseHeaders('{"a":1}').ok).toBe(false);
    expect(parseHeaders('{nope').ok).toBe(false);
    expect(parseHeaders('[1]').ok).toBe(false);
  });

  it('reads back what headerLines writes', () => {
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,abc=' };
    expect(parseHeaders(headerLines(headers))).toEqual({ ok: true, value: headers });
  });
});
