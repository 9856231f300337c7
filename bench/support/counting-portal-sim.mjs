// The portal simulator in its own process (the real portal is remote), counting the requests it
// serves, and those the latency fault held (answered no sooner than the latency set: the GOV.UK start
// pages and the sign-in host are served without it), so the capacity benchmark knows how much waiting
// it injected. Driven over IPC: { type: 'count' } -> { type: 'count', count, delayed },
// { type: 'faults', faults } -> { type: 'faults', ok }, { type: 'stop' }.
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { startPortalSim } from '../../packages/portal-sim/dist/index.js';

// Dozens of delayed requests wait on the simulator's one shutdown signal at once: not a leak.
setMaxListeners(0);

let count = 0;
let delayed = 0;
let latencyMs = 0;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function counted(event, ...args) {
  if (event === 'request') {
    count += 1;
    const started = performance.now();
    const held = latencyMs;
    args[1].once('finish', () => {
      if (held > 0 && performance.now() - started >= held) delayed += 1;
    });
  }
  return emit.call(this, event, ...args);
};

const sim = await startPortalSim({ port: 0 });
process.send({ type: 'ready', url: sim.url });
process.on('message', async (message) => {
  if (message.type === 'count') process.send({ type: 'count', count, delayed });
  if (message.type === 'faults') {
    const set = sim.setFaults(message.faults);
    if (set.ok) latencyMs = message.faults.latency?.ms ?? 0;
    process.send({ type: 'faults', ok: set.ok, problems: set.ok ? [] : set.error });
  }
  if (message.type === 'stop') {
    await sim.close();
    process.exit(0);
  }
});
