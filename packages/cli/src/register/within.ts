import { InvalidArgumentError } from 'commander';
import { readTypedDate, typedDateProblem } from '../typed-date.js';

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

/** A day that exists, typed as DD/MM/YYYY or YYYY-MM-DD (as checks read dates): answered as YYYY-MM-DD. */
export function parseDay(value: string): string {
  const read = readTypedDate(value);
  if (!read.ok) throw new InvalidArgumentError(typedDateProblem(value, read));
  return read.value;
}
