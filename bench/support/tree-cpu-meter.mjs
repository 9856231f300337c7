// CPU-seconds of a process tree that survive the death of a subtree's root. /proc's cutime/cstime
// hold a child's CPU only once its parent reaps it; when Chromium's browser process exits (a recycle,
// a crash) its zygote and renderers are re-parented to init, and everything they used leaves the tree:
// the capacity benchmark once read a negative CPU a check across a browser recycle. This meter
// samples the tree and adds back the last reading of every process that left it without being
// reaped by a parent still in the tree. `sample()` should run every few hundred ms while it measures
// (keepSampling).
//
// A process whose parent left in the same interval is the hard case (issue 29, second pass): Chromium's
// launcher script reaps the browser and is itself reaped by Node, so the browser's CPU arrives in
// Node's cutime; the browser's zygote, orphaned, never does. Counting both as lost read the browser's
// whole life twice at every recycle (about 11 CPU-seconds in 60 checks, a service "2.0x" the bare walk
// that was 1.1x). Such processes count as lost only for what the nearest live ancestor's cutime did
// not take in beyond its own vanished children's last readings.
import { readdirSync, readFileSync } from 'node:fs';

/** Every process: parent, CPU-seconds of its own and of its reaped children. */
function readProcs() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = (Number(f[11]) + Number(f[12])) / 100;
      const kids = (Number(f[13]) + Number(f[14])) / 100;
      procs.set(Number(name), { ppid: Number(f[1]), own, kids });
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

const total = (p) => p.own + p.kids;
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);

/**
 * A meter of `root`'s tree, leaving out the whole subtrees of `exclude` (pids; the set is read at
 * each sample, so a pid may be added later). `sample(procs)` and `first` take readProcs()'s shape.
 */
export function createTreeCpuMeter(root, exclude = new Set(), first = readProcs()) {
  let last = new Map();
  // Excluded children of the tree: a live parent that reaps one takes its CPU into cutime.
  let lastExcluded = new Map();
  let lost = 0;
  const sample = (procs = readProcs()) => {
    const tree = treeOf(procs, root, exclude);
    for (const [pid, p] of lastExcluded) if (!procs.has(pid) && tree.has(p.ppid)) lost -= total(p);
    const reapedBy = new Map(); // live parent -> last readings of its children that ended
    const parentGone = new Map(); // nearest live ancestor -> last readings of ended ones whose parent ended too
    for (const [pid, p] of last) {
      if (tree.has(pid)) continue;
      if (procs.has(pid)) {
        lost += total(p); // alive outside the tree: orphaned, re-parented to init
      } else if (tree.has(p.ppid)) {
        add(reapedBy, p.ppid, total(p));
      } else {
        let ancestor = p.ppid;
        while (ancestor !== undefined && !tree.has(ancestor)) ancestor = last.get(ancestor)?.ppid;
        if (ancestor === undefined) lost += total(p);
        else add(parentGone, ancestor, total(p));
      }
    }
    for (const [ancestor, seconds] of parentGone) {
      const grew = tree.get(ancestor).kids - (last.get(ancestor)?.kids ?? tree.get(ancestor).kids);
      const takenThrough = Math.max(0, grew - (reapedBy.get(ancestor) ?? 0));
      lost += Math.max(0, seconds - takenThrough);
    }
    last = tree;
    lastExcluded = new Map();
    for (const [pid, p] of procs) if (exclude.has(pid) && tree.has(p.ppid)) lastExcluded.set(pid, p);
    let seconds = lost;
    for (const p of tree.values()) seconds += total(p);
    return seconds;
  };
  sample(first);
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
