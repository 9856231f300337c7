import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduler', () => {
  it('runs tasks on the (fake) clock and counts the waiting ones', () => {
    const scheduler = new Scheduler();
    const ran: string[] = [];
    scheduler.after(10, () => ran.push('a'));
    scheduler.after(20, () => ran.push('b'));
    expect(scheduler.pending).toBe(2);
    vi.advanceTimersByTime(10);
    expect(ran).toEqual(['a']);
    expect(scheduler.pending).toBe(1);
  });

  it('cancels every waiting task on reset and starts a new epoch', () => {
    const scheduler = new Scheduler();
    const ran: string[] = [];
    scheduler.after(10, () => ran.push('a'));
    const epoch = scheduler.epoch;
    scheduler.reset();
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([]);
    expect(scheduler.pending).toBe(0);
    expect(scheduler.epoch).not.toBe(epoch);
  });
});
