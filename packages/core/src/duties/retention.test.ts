import { describe, expect, it } from 'vitest';
import { dueStatus } from './due-status.js';
import { isPastRetention, RETENTION_YEARS_AFTER_END, retentionEnd } from './retention.js';

describe('retentionEnd', () => {
  it('right to work: the end of employment plus 2 years', () => {
    expect(RETENTION_YEARS_AFTER_END.right_to_work).toBe(2);
    expect(retentionEnd('right_to_work', '2026-06-15')).toBe('2028-06-15');
    expect(retentionEnd('right_to_work', '2026-12-31')).toBe('2028-12-31');
  });
  it('right to rent: the end of the tenancy plus 1 year', () => {
    expect(retentionEnd('right_to_rent', '2026-06-15')).toBe('2027-06-15');
    expect(retentionEnd('right_to_rent', '2026-01-31')).toBe('2027-01-31');
  });
  it('immigration status: the end of the purpose plus 1 year', () => {
    expect(retentionEnd('immigration_status', '2026-04-30')).toBe('2027-04-30');
  });
  it('keeps a 29 February end until 1 March of a common year, and 29 February of a leap year', () => {
    expect(retentionEnd('right_to_work', '2024-02-29')).toBe('2026-03-01');
    expect(retentionEnd('right_to_rent', '2024-02-29')).toBe('2025-03-01');
    expect(retentionEnd('right_to_work', '2026-02-28')).toBe('2028-02-28');
    expect(retentionEnd('right_to_work', '2022-02-28')).toBe('2024-02-28');
    expect(retentionEnd('right_to_rent', '2027-02-28')).toBe('2028-02-28');
  });
  it('refuses a date that is not a real day', () => {
    expect(() => retentionEnd('right_to_work', '2026-02-30')).toThrow(/endDate/);
  });
});

describe('isPastRetention', () => {
  it('is false up to and including the retention end, true the day after', () => {
    expect(isPastRetention('2028-06-15', '2028-06-14')).toBe(false);
    expect(isPastRetention('2028-06-15', '2028-06-15')).toBe(false);
    expect(isPastRetention('2028-06-15', '2028-06-16')).toBe(true);
  });
});

describe('dueStatus', () => {
  it('is overdue once the date has passed', () => {
    expect(dueStatus('2026-11-22', '2026-11-23', 28)).toEqual({ status: 'overdue', days: -1 });
  });
  it('is due from today to the end of the window', () => {
    expect(dueStatus('2026-11-23', '2026-11-23', 28)).toEqual({ status: 'due', days: 0 });
    expect(dueStatus('2026-12-21', '2026-11-23', 28)).toEqual({ status: 'due', days: 28 });
  });
  it('is later past the window, counting across a leap day', () => {
    expect(dueStatus('2026-12-22', '2026-11-23', 28)).toEqual({ status: 'later', days: 29 });
    expect(dueStatus('2028-03-01', '2028-02-28', 1)).toEqual({ status: 'later', days: 2 });
  });
});
