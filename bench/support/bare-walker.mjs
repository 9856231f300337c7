// The bare walk in its own process (bench/support/bare-walk.mjs), so that its CPU (this process and
// its Chromium, from /proc) is measured apart from the service's. Chromium is found and launched as
// the service launches it: the same binary search, launch arguments, sandbox rule and headless mode.
// Driven over IPC: { type: 'walk', simUrl, requests: [[kind, body]...], count, concurrency } ->
// { type: 'walked', checks, failures, ms }; { type: 'stop' }. Sends { type: 'ready' } once launched.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import {
  BLOCKED_URL_PATTERNS,
  CHECK_CONTEXT_OPTIONS,
  CHROMIUM_ARGS,
  findChromium,
} from '../../packages/server/dist/index.js';
import { bareWalk } from './bare-walk.mjs';

const found = findChromium({
  configuredPath: process.env.RTW_CHROMIUM_PATH ?? null,
  playwrightPath: () => null,
  exists: existsSync,
});
if (!found.ok) throw new Error(found.error);
const browser = await chromium.launch({
  executablePath: found.value.path,
  args: [...CHROMIUM_ARGS],
  // As the service decides it (chromiumSandbox): on, except as root.
  chromiumSandbox: process.getuid?.() !== 0,
  headless: true,
});
// The driver's default: the portal's own scripts off.
const contextOptions = { ...CHECK_CONTEXT_OPTIONS, javaScriptEnabled: false };
process.send({ type: 'ready' });

process.on('message', async (message) => {
  if (message.type === 'stop') {
    await browser.close();
    process.exit(0);
  }
  if (message.type !== 'walk') return;
  const { simUrl, requests, count, concurrency } = message;
  let next = 0;
  let failures = 0;
  const errors = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const [kind, body] = requests[next++ % requests.length];
        try {
          await bareWalk(browser, { simUrl, kind, body, contextOptions, blockedUrls: BLOCKED_URL_PATTERNS });
        } catch (error) {
          failures += 1;
          if (errors.length < 3) errors.push(String(error?.message ?? error).split('\n')[0]);
        }
      }
    }),
  );
  process.send({ type: 'walked', checks: count - failures, failures, errors, ms: performance.now() - start });
});
