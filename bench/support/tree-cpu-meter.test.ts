import { describe, expect, it } from 'vitest';
import { createTreeCpuMeter } from './tree-cpu-meter.mjs';

type Proc = { ppid: number; own: number; kids: number };
const procs = (entries: Record<number, Proc>) =>
  new Map(Object.entries(entries).map(([pid, p]) => [Number(pid), p]));

// Node (1) runs the simulator (9, left out) and Chromium's launcher script (2), which runs the
// browser (3); the browser's zygote (4) forks the renderers (5).
const NODE = 1;
const before = procs({
  1: { ppid: 0, own: 1, kids: 0 },
  2: { ppid: 1, own: 0, kids: 0 },
  3: { ppid: 2, own: 5, kids: 0 },
  4: { ppid: 3, own: 0.1, kids: 8 },
  5: { ppid: 4, own: 0.3, kids: 0 },
  9: { ppid: 1, own: 3, kids: 0 },
});

describe('the tree CPU meter', () => {
  it('counts a recycled browser once: reaped through its launcher into Node, its orphaned zygote kept', () => {
    const meter = createTreeCpuMeter(NODE, new Set([9]), before);
    // In one interval: the launcher reaped the browser (5.2 at its end), Node reaped the launcher; the
    // zygote, orphaned, reaped its renderer (0.3) and ended outside the tree (8.4 at its end). A new
    // launcher (6) and browser (7) started.
    const after = procs({
      1: { ppid: 0, own: 1.1, kids: 5.2 },
      6: { ppid: 1, own: 0, kids: 0 },
      7: { ppid: 6, own: 0.5, kids: 0 },
      9: { ppid: 1, own: 3, kids: 0 },
    });
    const truth = 1.1 + 5.2 + 8.4 + 0.5;
    // Before the fix it read 20.2: the browser's 5 once as lost and once in Node's cutime.
    // Off by what the browser used after its last reading (0.2), taken for its children's: at most
    // one interval's CPU, where the old reading was off by the browser's whole life.
    expect(meter.sample(after)).toBeCloseTo(truth - 0.2, 5);
  });

  it('follows a renderer reaped by its live zygote, and leaves out an excluded child Node reaps', () => {
    const meter = createTreeCpuMeter(NODE, new Set([9]), before);
    expect(meter.sample(before)).toBeCloseTo(1 + 5 + 8.1 + 0.3, 5);
    // The renderer ended (0.4) into the zygote's cutime; the simulator ended (3) into Node's.
    const after = procs({
      1: { ppid: 0, own: 1, kids: 3 },
      2: { ppid: 1, own: 0, kids: 0 },
      3: { ppid: 2, own: 5, kids: 0 },
      4: { ppid: 3, own: 0.1, kids: 8.4 },
    });
    expect(meter.sample(after)).toBeCloseTo(1 + 5 + 8.5, 5);
  });

  it('keeps what a process had when it is orphaned and leaves the tree alive', () => {
    const meter = createTreeCpuMeter(NODE, new Set([9]), before);
    // The browser and its launcher ended (reaped into Node); the zygote lives on under init.
    const after = procs({
      1: { ppid: 0, own: 1, kids: 5 },
      4: { ppid: 1000, own: 0.1, kids: 8.3 },
      9: { ppid: 1, own: 3, kids: 0 },
      1000: { ppid: 0, own: 0, kids: 0 },
    });
    expect(meter.sample(after)).toBeCloseTo(1 + 5 + 8.1 + 0.3, 5);
  });
});
