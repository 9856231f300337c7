import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckKind } from '../src/index.js';
import { CHECK_KINDS } from '../src/index.js';
import { validateCheckRequest } from '../src/validation/index.js';
import { acceptedFields } from '../src/validation/request-fields.js';
import { bodyFor, NOW } from './sandbox-bodies.js';

function holds(kind: CheckKind, body: unknown, async: boolean): void {
  const result = validateCheckRequest(kind, body, { async, now: NOW });
  if (result.ok) {
    expect(result.value.kind).toBe(kind);
    expect(result.value.request.share_code).toMatch(/^[A-Z0-9]{9}$/);
    return;
  }
  expect(result.error.code).toBe('INVALID_INPUT');
  expect(result.error.status).toBe(400);
  const field = result.error.field;
  if (field === undefined) throw new Error('an INVALID_INPUT must name its field');
  const { message } = result.error;
  if (field === 'body') {
    expect(message).toContain('request body');
  } else if (message.startsWith('Unknown field')) {
    // Caller-chosen names are quoted, and cut to their first 40 characters.
    const cut = field.length > 40 ? `${field.slice(0, 40)}...` : field;
    expect(message).toContain(`Unknown field ${JSON.stringify(cut)}`);
  } else {
    expect(acceptedFields(kind, true)).toContain(field);
    expect(message.startsWith(`${field} `)).toBe(true);
  }
}

// Values near the valid ones: real field names with odd values, plus odd names.
const fieldName = (kind: CheckKind) =>
  fc.oneof(
    fc.constantFrom(...acceptedFields(kind, true), '__proto__', 'constructor', 'prototype'),
    fc.string(),
  );
const oddValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    'WACPT0001',
    'RACPT0001',
    'SACPT0001',
    '1990-01-01',
    'other',
    'agent',
    'right_to_work',
    'https://example.com',
  ),
  fc.string({ maxLength: 300 }),
);

describe('validateCheckRequest never throws', () => {
  it.each(CHECK_KINDS)('%s: arbitrary JSON values', (kind) => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (body, async) => {
        holds(kind, body, async);
      }),
      { numRuns: 500 },
    );
  });

  it.each(CHECK_KINDS)('%s: valid bodies with fields changed, added or removed', (kind) => {
    fc.assert(
      fc.property(
        fc.dictionary(fieldName(kind), oddValue, { maxKeys: 4 }),
        fc.subarray(acceptedFields(kind, false) as string[]),
        fc.boolean(),
        (changes, removed, async) => {
          const body: Record<string, unknown> = {
            ...bodyFor(
              kind,
              kind === 'right_to_work' ? 'WACPT0001' : kind === 'right_to_rent' ? 'RACPT0001' : 'SACPT0001',
            ),
          };
          for (const field of removed) delete body[field];
          for (const [field, value] of Object.entries(changes)) body[field] = value;
          holds(kind, JSON.parse(JSON.stringify(body)), async);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('objects built by JSON.parse with prototype keys', () => {
    for (const kind of CHECK_KINDS) {
      holds(kind, JSON.parse('{"__proto__":{"share_code":"WACPT0001"}}'), false);
      holds(kind, JSON.parse('{"constructor":{"prototype":{"x":1}}}'), true);
    }
    expect(({} as Record<string, unknown>).share_code).toBeUndefined();
  });
});
