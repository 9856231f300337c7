import { InvalidArgumentError } from 'commander';

const MAX_DAYS = 3660;

/** A window as `30d`, `6w` or plain days (`30`): whole days, 0 to 3660. */
export function parseWithin(value: string): number {
  const match = /^\s*(\d{1,4})\s*([dw]?)\s*$/i.exec(value);
  const days = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'w' ? 7 : 1) : Number.NaN;
  if (!Number.isInteger(days) || days > MAX_DAYS) {
    throw new InvalidArgumentError(`Use days like 30d, weeks like 6w (at most ${MAX_DAYS} days).`);
  }
  return days;
}

/** A `YYYY-MM-DD` day that exists. */
export function parseDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = match ? new Date(`${value.trim()}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim()) {
    throw new InvalidArgumentError('Use a real date as YYYY-MM-DD.');
  }
  return value.trim();
}
