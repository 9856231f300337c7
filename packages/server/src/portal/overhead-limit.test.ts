import { describe, expect, it } from 'vitest';
import { createOverheadLimit, DEFAULT_OVERHEAD_TARGET_MS } from './overhead-limit.js';

/** A limit on a fake clock with `inFlight` checks running, fed parts of `ownMs` each tick. */
function harness(slots = 160, targetMs = 1_000) {
  let now = 0;
  const state = { inFlight: 0 };
  const logged: string[] = [];
  const note = (level: string) => (_fields: object, message: string) => logged.push(`${level}: ${message}`);
  const limit = createOverheadLimit({
    slots,
    cores: 2,
    targetMs,
    tickMs: 0,
    now: () => now,
    inUse: () => state.inFlight,
    log: { info: note('info'), warn: note('warn'), error: note('error') },
  });
  /** One second: parts of `ownMs` each (ten to a check), then the tick. */
  const second = (ownMs: number, parts = 20) => {
    for (let i = 0; i < parts; i += 1) limit.observe({ ownMs, wallMs: 2_000 });
    now += 1_000;
    limit.tick();
    return limit.stats().limit;
  };
  /** Tries to admit until refused, as a burst of clients would: the checks in flight fill the limit. */
  const fill = () => {
    while (limit.refuse(state.inFlight) === null) state.inFlight += 1;
  };
  return { limit, state, second, fill, logged };
}

describe('overhead limit', () => {
  it('starts at 16 checks a core (at most the slots), and admits below it, refuses at it', () => {
    const { limit } = harness();
    expect(limit.stats()).toEqual({ limit: 32, estimateMs: null, targetMs: 1_000 });
    expect(limit.refuse(31)).toBeNull();
    expect(limit.refuse(32)).toMatch(/^32 checks in flight, at the limit .* under 1000 ms$/);
    expect(harness(8).limit.stats().limit).toBe(8);
    expect(DEFAULT_OVERHEAD_TARGET_MS).toBeLessThan(1_500);
  });

  it('grows while the limit holds checks back and the overhead is low, up to the slots', () => {
    const { limit, state, second, fill } = harness(100);
    state.inFlight = 20; // a quiet baseline is not taken with many in flight
    let last = limit.stats().limit;
    for (let s = 0; s < 60; s += 1) {
      fill();
      const now = second(30); // 300 ms a check
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
    expect(last).toBe(100);
  });

  it('does not grow while the limit is not what holds checks back', () => {
    const { limit, state, second } = harness();
    state.inFlight = 10;
    for (let s = 0; s < 10; s += 1) second(30);
    expect(limit.stats().limit).toBe(32);
  });

  it('cuts to the checks in flight times target / estimate, then waits for them to come down before cutting again', () => {
    const { limit, state, second, fill } = harness();
    fill(); // 32 in flight
    expect(second(200)).toBe(16); // estimate 2 s, twice the target: cut by half
    expect(limit.stats().estimateMs).toBe(2_000);
    // Still 32 running: a second cut could not have shown yet.
    expect(second(200)).toBe(16);
    state.inFlight = 16;
    // The window (3 s) still holds the earlier parts: 16 x 1000 / 1833.
    expect(second(150)).toBeCloseTo(8.7, 0);
    // Never below 2 a core, however late; and checks held back at the floor are not the quiet cost.
    for (let s = 0; s < 8; s += 1) {
      state.inFlight = limit.stats().limit;
      fill();
      second(1_000);
    }
    expect(limit.stats()).toMatchObject({ limit: 4, targetMs: 1_000 });
  });

  it('holds between 0.85 of the target and the target', () => {
    const { limit, state, second, fill } = harness();
    fill();
    expect(second(95)).toBe(32);
    state.inFlight = 32;
    expect(limit.refuse(32)).not.toBeNull();
    expect(second(90)).toBe(32);
  });

  it('says nothing from too few parts (an idle service keeps its limit)', () => {
    const { limit, second } = harness();
    second(5_000, 4);
    expect(limit.stats()).toEqual({ limit: 32, estimateMs: null, targetMs: 1_000 });
  });

  it('raises the target to twice what a quiet machine shows, so a slow portal is not starved', () => {
    const { limit, state, second, fill } = harness();
    state.inFlight = 3; // few checks for a whole window: the quiet overhead
    second(120);
    second(120);
    expect(limit.stats().targetMs).toBe(1_000);
    second(120); // 1.2 s a check even when quiet
    expect(limit.stats().targetMs).toBe(2_400);
    // It was cut while the target was still 1 s; under the raised target it grows back, held back by
    // a burst, at 1.8 s a check.
    const cut = limit.stats().limit;
    for (let s = 0; s < 10; s += 1) {
      state.inFlight = limit.stats().limit;
      fill();
      second(180);
    }
    expect(limit.stats().limit).toBeGreaterThan(cut + 5);
  });

  it('learns how many parts a check has from the checks that end', () => {
    const { limit, second } = harness();
    for (let i = 0; i < 100; i += 1) limit.checkEnded(5);
    second(100);
    expect(limit.stats().estimateMs).toBeGreaterThan(490);
    expect(limit.stats().estimateMs).toBeLessThan(520);
  });

  it('goes back up to where it starts after 10 s with no check in flight', () => {
    const { limit, state, second, fill } = harness();
    fill();
    second(300); // 3 s a check: cut to 16 (at most halved)
    expect(limit.stats().limit).toBe(16);
    state.inFlight = 0;
    for (let s = 0; s < 9; s += 1) second(0, 0);
    expect(limit.stats().limit).toBeLessThanOrEqual(16);
    second(0, 0);
    second(0, 0);
    expect(limit.stats().limit).toBe(32);
  });

  it('says so once when it starts holding checks back, and once a minute after it has stopped', () => {
    const { state, second, fill, logged } = harness();
    for (let s = 0; s < 5; s += 1) {
      fill();
      second(30);
    }
    expect(logged).toEqual([
      expect.stringMatching(
        /^warn: live checks at the admission limit: new synchronous ones get 503 BUSY, queued ones wait/,
      ),
    ]);
    state.inFlight = 10;
    for (let s = 0; s < 59; s += 1) second(30);
    expect(logged).toHaveLength(1);
    second(30);
    expect(logged[1]).toBe('info: live checks no longer held back by the admission limit');
  });
});
