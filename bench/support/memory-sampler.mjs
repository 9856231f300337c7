// Memory and CPU of a process tree, sampled in a worker thread: reading every process's smaps_rollup
// takes hundreds of milliseconds on a busy machine, and done on the main thread it stalled the service
// under test (the capacity benchmark runs the server in its own process) every time it sampled; the
// tree CPU meter's /proc walk every 500 ms is kept off that thread for the same reason.
// Usage: new Worker(this file, { workerData: { pid, exclude } }); post any message, get treeMemory
// back with `cpu`, the tree's CPU-seconds so far (tree-cpu-meter.mjs, counted from the worker's start).
import { parentPort, workerData } from 'node:worker_threads';
import { treeMemory } from './proc-stats.mjs';
import { createTreeCpuMeter, keepSampling } from './tree-cpu-meter.mjs';

const exclude = new Set(workerData.exclude);
const cpu = createTreeCpuMeter(workerData.pid, exclude);
keepSampling([cpu]);
parentPort.on('message', () => {
  parentPort.postMessage({ ...treeMemory(workerData.pid, exclude), cpu: cpu.read() });
});
