// The bare walk in its own process (bench/support/bare-walk.mjs), so that its CPU (this process and
// its Chromium, from /proc) is measured apart from the service's. Chromium is found and launched as
// the service launches it: the same binary search, launch arguments, sandbox rule and headless mode.
// Driven over IPC: { type: 'walk', simUrl, requests: [[kind, body]...], count, concurrency } ->
// { type: 'walked', checks, failures, ms }; { type: 'offer', simUrl, requests, rate, seconds } (issue 34:
// walks started at a fixed rate a minute, open loop) -> { type: 'offered', walks: [{ kind, start, ms, ok }] };
// { type: 'stop' }. Sends { type: 'ready' } once launched.
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
  if (message.type === 'offer') {
    const { simUrl, requests, rate, seconds } = message;
    const walks = [];
    const start = performance.now();
    for (let i = 0; performance.now() - start < seconds * 1000; i++) {
      const wait = start + (i * 60_000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const kind = i % requests.length;
      const [name, body] = requests[kind];
      const t0 = performance.now();
      walks.push(
        bareWalk(browser, {
          simUrl,
          kind: name,
          body,
          contextOptions,
          blockedUrls: BLOCKED_URL_PATTERNS,
        }).then(
          () => ({ kind, start: t0 - start, ms: performance.now() - t0, ok: true }),
          () => ({ kind, start: t0 - start, ms: performance.now() - t0, ok: false }),
        ),
      );
    }
    process.send({ type: 'offered', walks: await Promise.all(walks) });
    return;
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
