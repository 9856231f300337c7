import { describe, expect, it } from 'vitest';
import { idempotencyKeyReused, validateIdempotencyKey } from './idempotency-key.js';

describe('validateIdempotencyKey', () => {
  it.each([
    [undefined, undefined],
    ['a', 'a'],
    ['8e03978e-40d5-43e8-bc93-6894a57f9324', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['"8e03978e"', '8e03978e'],
    ['order 42 attempt', 'order 42 attempt'],
    ['k'.repeat(255), 'k'.repeat(255)],
  ])('accepts %j', (raw, expected) => {
    expect(validateIdempotencyKey(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([['k'.repeat(256)], [''], ['""'], [' padded'], ['tab\tkey'], ['clé'], ['line\nbreak']])(
    'refuses %j naming Idempotency-Key',
    (raw) => {
      const result = validateIdempotencyKey(raw);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'Idempotency-Key' });
        expect(result.error.message).toMatch(/^Idempotency-Key /);
      }
    },
  );

  it('has a message for a key reused with another body', () => {
    const error = idempotencyKeyReused();
    expect(error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'Idempotency-Key' });
    expect(error.message).toContain('different request body');
  });
});
