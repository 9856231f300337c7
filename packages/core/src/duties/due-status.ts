import { daysBetween } from './calendar.js';

export type DueStatus = 'overdue' | 'due' | 'later';

/**
 * Where a follow-up date stands on `today`: overdue once the date has passed, due when it falls
 * within the next `withinDays` days (today included), later otherwise.
 */
export function dueStatus(
  date: string,
  today: string,
  withinDays: number,
): { status: DueStatus; days: number } {
  const days = daysBetween(today, date);
  if (days < 0) return { status: 'overdue', days };
  return { status: days <= withinDays ? 'due' : 'later', days };
}
