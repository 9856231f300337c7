import { describe, expect, it } from 'vitest';
import { type CpuTimes, machineBusyMeter, parseCpuTimes, readCpuTimes } from './machine-cpu.js';

describe('machine CPU', () => {
  it('reads busy and total time from /proc/stat, idle and I/O wait counted as not busy', () => {
    const stat = 'cpu  100 10 40 800 50 5 5 0 7 0\ncpu0 50 5 20 400 25 2 3 0 0 0\nintr 1 2 3\n';
    expect(parseCpuTimes(stat)).toEqual({ busy: 160, total: 1010 });
    expect(parseCpuTimes('intr 1 2 3\n')).toBeNull();
  });

  it('gives the busy share between readings, and 0 when it cannot tell', () => {
    const readings: (CpuTimes | null)[] = [
      { busy: 0, total: 0 },
      { busy: 90, total: 100 },
      { busy: 90, total: 100 }, // no time passed
      null,
      { busy: 140, total: 200 },
    ];
    const busy = machineBusyMeter(() => readings.shift() ?? null);
    expect(busy()).toBeCloseTo(0.9, 5);
    expect(busy()).toBe(0);
    expect(busy()).toBe(0);
    expect(busy()).toBe(0);
  });

  it.runIf(process.platform === 'linux')('reads this machine', () => {
    const times = readCpuTimes();
    expect(times?.total).toBeGreaterThan(0);
    expect(times?.busy).toBeLessThanOrEqual(times?.total ?? 0);
  });
});
