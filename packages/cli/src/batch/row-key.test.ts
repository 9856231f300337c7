import { validateCheckRequest } from '@sharecode/core/validation';
import { describe, expect, it } from 'vitest';
import { newBatchId, rowIdempotencyKey, rowKeys } from './row-key.js';

function request(company: string) {
  const checked = validateCheckRequest(
    'right_to_work',
    { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: company },
    { async: true, now: new Date('2026-01-01T00:00:00Z') },
  );
  if (!checked.ok) throw new Error(checked.error.message);
  return checked.value;
}

describe('row Idempotency-Keys', () => {
  it('are the same for the same batch, row, request and attempt, and differ when any changes', () => {
    const batch = newBatchId();
    const key = rowIdempotencyKey(batch, 'row:1', request('Acme'), 1);
    expect(key).toMatch(/^rtw-batch-[0-9a-f]{48}$/);
    expect(rowIdempotencyKey(batch, 'row:1', request('Acme'), 1)).toBe(key);
    const others = [
      rowIdempotencyKey(newBatchId(), 'row:1', request('Acme'), 1),
      rowIdempotencyKey(batch, 'row:2', request('Acme'), 1),
      rowIdempotencyKey(batch, 'row:1', request('Acme Ltd'), 1),
      rowIdempotencyKey(batch, 'row:1', request('Acme'), 2),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it('tell rows apart by label when every row has its own, else by position', () => {
    expect(rowKeys(['E1', 'E2'])).toEqual(['label:E1', 'label:E2']);
    expect(rowKeys(['E1', 'E1'])).toEqual(['row:1', 'row:2']);
    expect(rowKeys(['E1', undefined])).toEqual(['row:1', 'row:2']);
  });
});
