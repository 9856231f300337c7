// A tiny test harness every runtime can run (Node, Bun, Deno, workerd): no runner, no Node APIs.
export function createHarness() {
  const results = [];
  return {
    results,
    async test(name, fn) {
      try {
        await fn();
        results.push({ name, ok: true });
      } catch (error) {
        results.push({ name, ok: false, error: String(error?.stack ?? error) });
      }
    },
  };
}

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

export function assertEqual(actual, expected, what) {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}
