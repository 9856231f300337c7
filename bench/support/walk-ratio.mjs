// The service's CPU per check as a ratio to the bare walk's (issue 29), measured in the same run:
// rounds of the same N checks at the same concurrency, first through the service, then as the bare
// walk (bench/support/bare-walker.mjs, its own process), at whatever latency the simulator has set.
// CPU-seconds a check hardly depends on other load on the machine, unlike checks a minute, so the
// ratio means something even on a busy machine; the rounds show its spread.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from './proc-stats.mjs';
import { createTreeCpuMeter, keepSampling } from './tree-cpu-meter.mjs';

/** Starts the walker process; resolves once its browser is up. */
export async function startBareWalker() {
  const child = fork(fileURLToPath(new URL('./bare-walker.mjs', import.meta.url)), {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const on = (message) => {
        if (message.type !== type) return;
        child.off('message', on);
        child.off('exit', exited);
        resolve(message);
      };
      const exited = (code) => reject(new Error(`the bare walker exited (${code}) before answering ${type}`));
      child.on('message', on);
      child.once('exit', exited);
    });
  await next('ready');
  return {
    pid: child.pid,
    /** CPU-seconds of the walker's Node process alone. */
    nodeCpu: () => processCpuSeconds(child.pid),
    /** A meter of the walker and its Chromium (ended renderers included). */
    meter: () => createTreeCpuMeter(child.pid),
    async walk(job) {
      const answer = next('walked');
      child.send({ type: 'walk', ...job });
      return answer;
    },
    /** Issue 34: walks started at `rate` a minute for `seconds` (open loop); each walk's kind, ms and ok. */
    async offer(job) {
      const answer = next('offered');
      child.send({ type: 'offer', ...job });
      return answer;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/**
 * `rounds` rounds of `count` checks, `concurrency` at once: through `serviceCheck` (one check over
 * HTTP, resolving to its status) measured by `serviceMeter` (tree-cpu-meter.mjs, the walker's tree
 * left out), then the bare walk of the same kinds. Resolves to each round's CPU-seconds a check of
 * both and their ratio, and of each side's Node process alone (`serviceNodeCpu`, the walker's; the
 * rest is Chromium's).
 */
export async function measureWalkRatio({
  serviceNodeCpu,
  serviceMeter,
  walker,
  simUrl,
  walkRequests,
  serviceCheck,
  rounds,
  count,
  concurrency,
}) {
  const walkMeter = walker.meter();
  const stopSampling = keepSampling([serviceMeter, walkMeter]);
  try {
    // One of each kind first, so that neither side pays a first-use cost in a round.
    await walker.walk({ simUrl, requests: walkRequests, count: walkRequests.length, concurrency: 1 });
    const results = [];
    for (let round = 0; round < rounds; round++) {
      let next = 0;
      let failed = 0;
      const serviceBefore = serviceMeter.read();
      const nodeBefore = serviceNodeCpu();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next++ < count) if ((await serviceCheck()) !== 200) failed += 1;
        }),
      );
      const service = (serviceMeter.read() - serviceBefore) / (count - failed);
      const node = (serviceNodeCpu() - nodeBefore) / (count - failed);
      const walkBefore = walkMeter.read();
      const walkNodeBefore = walker.nodeCpu();
      const walked = await walker.walk({ simUrl, requests: walkRequests, count, concurrency });
      if (walked.failures > 0)
        throw new Error(`bare walk failed ${walked.failures} times: ${walked.errors.join('; ')}`);
      const walk = (walkMeter.read() - walkBefore) / walked.checks;
      const walkNode = (walker.nodeCpu() - walkNodeBefore) / walked.checks;
      results.push({ service, node, walk, walkNode, ratio: service / walk, serviceFailures: failed });
    }
    return results;
  } finally {
    stopSampling();
  }
}
