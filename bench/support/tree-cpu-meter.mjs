// CPU-seconds of a process tree that survive the death of a subtree's root. /proc's cutime/cstime
// hold a child's CPU only once its parent reaps it; when Chromium's browser process exits (a recycle,
// a crash) its zygote and renderers are re-parented to init, and everything they used leaves the tree:
// the capacity benchmark once read a negative CPU a check across a browser recycle. This meter
// samples the tree and adds back the last reading of every process that left it without being
// reaped by a parent still in the tree. `sample()` should run every few hundred ms while it measures (keepSampling).
import { readdirSync, readFileSync } from 'node:fs';

function readProcs() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      procs.set(Number(name), { ppid: Number(f[1]), seconds: ticks / 100 });
    } catch {
      // Ended while we looked.
    }
  }
  return procs;
}

function treeOf(procs, root, exclude) {
  const children = new Map();
  for (const [pid, p] of procs) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid).push(pid);
  }
  const tree = new Map();
  const queue = procs.has(root) ? [root] : [];
  while (queue.length > 0) {
    const pid = queue.shift();
    if (exclude.has(pid)) continue; // the whole subtree
    tree.set(pid, procs.get(pid));
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** A meter of `root`'s tree, leaving out the whole subtrees of `exclude` (pids). */
export function createTreeCpuMeter(root, exclude = new Set()) {
  let last = new Map();
  let lost = 0;
  const sample = (procs = readProcs()) => {
    const tree = treeOf(procs, root, exclude);
    for (const [pid, p] of last) {
      // Gone, and not reaped into a parent's cutime that is still counted: orphaned (or its parent
      // went with it), so its last reading is kept.
      if (!tree.has(pid) && !tree.has(p.ppid)) lost += p.seconds;
    }
    last = tree;
    let seconds = lost;
    for (const p of tree.values()) seconds += p.seconds;
    return seconds;
  };
  sample();
  return { sample, read: () => sample() };
}

/**
 * Samples `meters` every `ms` (one read of /proc for all) until the returned function is called. It
 * runs on the calling thread: in the capacity benchmark that is the service's, so its cost (a few ms
 * a sample) counts against the service, never in its favour.
 */
export function keepSampling(meters, ms = 500) {
  const timer = setInterval(() => {
    const procs = readProcs();
    for (const meter of meters) meter.sample(procs);
  }, ms);
  return () => clearInterval(timer);
}
