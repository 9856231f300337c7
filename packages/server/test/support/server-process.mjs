// A server PROCESS for the multi-process tests: the built server (dist) with the live-runner TEST
// DOUBLE, configured from the environment like the real bin (DATABASE_URL, RTW_ENCRYPTION_KEY...).
// RTW_TEST_FROZEN_CLOCK pins the clock so both processes share one rate-limit second and one month.
import { startServer } from '../../dist/index.js';
import { scenarioLiveRunnerTestDouble } from './live-runner-test-double.mjs';

const frozen = process.env.RTW_TEST_FROZEN_CLOCK;
const server = await startServer({
  host: '127.0.0.1',
  port: 0,
  // The harness's own RTW_TEST_* variables are not the server's settings (it would warn about them).
  env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RTW_TEST_'))),
  liveRunner: scenarioLiveRunnerTestDouble({ delayMs: Number(process.env.RTW_TEST_LIVE_DELAY_MS ?? 0) }),
  ...(frozen ? { clock: () => new Date(frozen) } : {}),
  logLevelOverride: 'warn',
  sweepIntervalMs: 0,
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
