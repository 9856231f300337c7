// A server PROCESS for the asynchronous-check process tests: the built server (dist) with the
// live-runner TEST DOUBLE, configured from the environment like the real bin (DATABASE_URL or
// RTW_DATA_DIR, RTW_ENCRYPTION_KEY, RTW_ASYNC_*), on the real clock. Its logs (debug) go to
// RTW_TEST_LOG_FILE with synchronous writes, so a SIGKILL loses no line already logged.
import { openSync, writeSync } from 'node:fs';
import { startServer } from '../../dist/index.js';
import { scenarioLiveRunnerTestDouble } from './live-runner-test-double.mjs';

const logFile = openSync(process.env.RTW_TEST_LOG_FILE ?? '/dev/null', 'a');
const server = await startServer({
  host: '127.0.0.1',
  port: 0,
  // The harness's own RTW_TEST_* variables are not the server's settings (it would warn about them).
  env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RTW_TEST_'))),
  liveRunner: scenarioLiveRunnerTestDouble({ delayMs: Number(process.env.RTW_TEST_LIVE_DELAY_MS ?? 0) }),
  logLevelOverride: 'debug',
  logDestination: { write: (line) => writeSync(logFile, line) },
  sweepIntervalMs: 0,
});
process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
