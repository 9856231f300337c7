// Process-tree CPU and memory from /proc (Linux), shared by the portal benchmarks.
import { readdirSync, readFileSync } from 'node:fs';

/** The pid and every descendant, from /proc/<pid>/stat (field 4 is the parent). */
export function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export function kilobytes(file, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds used by a process tree, ended and reaped children included (utime, stime, cutime, cstime). */
export function cpuSeconds(pid, exclude = new Set()) {
  if (pid === null) return 0;
  let ticks = 0;
  for (const p of processTree(pid)) {
    if (exclude.has(p)) continue;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // Ended while we looked.
    }
  }
  return ticks / 100;
}

/** CPU seconds of one process alone (utime + stime), its children left out. */
export function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** RSS and PSS (MB) of a process tree, leaving out the subtrees of `exclude`. */
export function treeMemory(pid, exclude = new Set()) {
  if (pid === null) return { rss: 0, pss: 0 };
  let rss = 0;
  let pss = 0;
  for (const p of processTree(pid)) {
    if (exclude.has(p)) continue;
    rss += kilobytes(`/proc/${p}/status`, 'VmRSS');
    pss += kilobytes(`/proc/${p}/smaps_rollup`, 'Pss');
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
