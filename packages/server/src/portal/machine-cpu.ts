import { readFileSync } from 'node:fs';

/** The machine's CPU time so far, busy and in all (any unit), from /proc/stat; null off Linux. */
export interface CpuTimes {
  readonly busy: number;
  readonly total: number;
}

/** Parses /proc/stat's first line (`cpu  user nice system idle iowait irq softirq steal ...`). */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const line = /^cpu +([\d ]+)$/m.exec(stat)?.[1];
  if (!line) return null;
  // guest and guest_nice (9th, 10th) are already inside user and nice.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return total > 0 ? { busy: total - idle - iowait, total } : null;
}

export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'latin1'));
  } catch {
    return null;
  }
}

/**
 * The share of the machine's CPU that was busy between calls (0 to 1): 0 when unknown. Every
 * process counts, the browser's renderers and the portal's neighbours alike: a check waits for a
 * core whoever holds it.
 */
export function machineBusyMeter(read: () => CpuTimes | null = readCpuTimes): () => number {
  let last = read();
  return () => {
    const now = read();
    const before = last;
    last = now;
    if (now === null || before === null || now.total <= before.total) return 0;
    return Math.min(1, Math.max(0, (now.busy - before.busy) / (now.total - before.total)));
  };
}
