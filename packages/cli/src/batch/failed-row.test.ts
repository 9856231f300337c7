import { describe, expect, it } from 'vitest';
import { failedRowNotice } from './failed-row.js';

const line = {
  row: 3,
  line: 4,
  share_code: 'W*****001',
  ok: false,
  finished_at: '2026-11-23T10:00:00.000Z',
};

describe('failedRowNotice', () => {
  it('gives the reason with the code', () => {
    expect(
      failedRowNotice(3, 4, {
        ...line,
        error: { code: 'INVALID_INPUT', message: 'date_of_birth must be a date as YYYY-MM-DD.' },
      }),
    ).toBe('  row 3 (line 4): INVALID_INPUT: date_of_birth must be a date as YYYY-MM-DD.');
  });

  it('says a retryable row runs again', () => {
    expect(
      failedRowNotice(3, 4, {
        ...line,
        retryable: true,
        error: { code: 'BUSY', message: 'All slots busy.' },
      }),
    ).toBe('  row 3 (line 4): BUSY: All slots busy. (will run again on the next run)');
  });

  it('copes with a line without an error body', () => {
    expect(failedRowNotice(3, 4, undefined)).toBe('  row 3 (line 4): error');
  });
});
