// Memory of a process tree, sampled in a worker thread: reading every process's smaps_rollup takes
// hundreds of milliseconds on a busy machine, and done on the main thread it stalled the service
// under test (the capacity benchmark runs the server in its own process) every time it sampled.
// Usage: new Worker(this file, { workerData: { pid, exclude } }); post any message, get treeMemory back.
import { parentPort, workerData } from 'node:worker_threads';
import { treeMemory } from './proc-stats.mjs';

const exclude = new Set(workerData.exclude);
parentPort.on('message', () => {
  parentPort.postMessage(treeMemory(workerData.pid, exclude));
});
