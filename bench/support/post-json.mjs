// One timed JSON POST for the benchmarks' load generators: the latency and status of each answer go
// into the caller's tallies; a connection error counts as status "error". Never rejects.
import { request } from 'node:http';

/**
 * @param {URL} target
 * @param {{ body: string, key: string, agent: import('node:http').Agent | false,
 *   latencies: number[], statuses: Record<string, number> }} call
 * @returns {Promise<void>}
 */
export function postJson(target, { body, key, agent, latencies, statuses }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      },
    );
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    req.end(body);
  });
}
