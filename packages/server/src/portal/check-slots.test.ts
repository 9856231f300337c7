import { describe, expect, it } from 'vitest';
import { type CheckSlots, createCheckSlots, type PoolBrowser } from './check-slots.js';

interface FakeSession {
  readonly id: number;
  readonly browser: FakeBrowser;
  closed: boolean;
}

/** A browser stand-in whose failures the test switches on. */
class FakeBrowser implements PoolBrowser<FakeSession> {
  static count = 0;
  readonly generation = ++FakeBrowser.count;
  connected = true;
  closed = false;
  killed = false;
  healthy = true;
  hangOnNewSession = false;
  /** How long a probe takes to answer. */
  probeMs = 0;
  readonly sessions: FakeSession[] = [];
  private readonly listeners: (() => void)[] = [];

  async newSession(): Promise<FakeSession> {
    if (this.hangOnNewSession) return new Promise(() => {});
    if (!this.connected) throw new Error('Target closed');
    const session = { id: this.sessions.length + 1, browser: this, closed: false };
    this.sessions.push(session);
    return session;
  }
  async closeSession(session: FakeSession): Promise<void> {
    session.closed = true;
  }
  async probe(): Promise<boolean> {
    if (this.probeMs > 0) await new Promise((resolve) => setTimeout(resolve, this.probeMs));
    return this.healthy;
  }
  async close(): Promise<void> {
    this.closed = true;
    this.disconnect();
  }
  kill(): void {
    this.killed = true;
    this.disconnect();
  }
  pid(): number {
    return 1000 + this.generation;
  }
  isConnected(): boolean {
    return this.connected;
  }
  onDisconnected(listener: () => void): void {
    this.listeners.push(listener);
  }
  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    for (const listener of this.listeners) listener();
  }
}

function pool(
  options: {
    slots?: number;
    recycleAfterChecks?: number;
    probeIntervalMs?: number;
    overloaded?: (inUse: number) => string | null;
    limit?: (inUse: number) => string | null;
    limitNow?: () => number;
  } = {},
) {
  const browsers: FakeBrowser[] = [];
  const slots = createCheckSlots<FakeSession>({
    ...(options.overloaded ? { overloaded: options.overloaded } : {}),
    ...(options.limit
      ? { limit: options.limit, limitStats: () => ({ limit: options.limitNow?.() ?? 1, estimateMs: 1234 }) }
      : {}),
    slots: options.slots ?? 2,
    recycleAfterChecks: options.recycleAfterChecks ?? 100,
    probeIntervalMs: options.probeIntervalMs ?? 0,
    graceMs: 20,
    sessionTimeoutMs: 50,
    launch: async () => {
      const browser = new FakeBrowser();
      browsers.push(browser);
      return browser;
    },
  });
  return { slots, browsers };
}

/** A check that holds its slot until released. */
function held() {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  let session: FakeSession | undefined;
  const work = async (s: FakeSession) => {
    session = s;
    await done;
    return s;
  };
  return { work, release: () => release(), session: () => session };
}

const quick = (slots: CheckSlots<FakeSession>) => slots.run(async (s) => s, 1_000);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('check slots', () => {
  it('answers busy at once when every slot is taken, and runs again once one frees', async () => {
    const { slots } = pool({ slots: 2 });
    const a = held();
    const b = held();
    const first = slots.run(a.work, 1_000);
    const second = slots.run(b.work, 1_000);
    await tick();
    expect(slots.stats().inUse).toBe(2);
    const busy = await quick(slots);
    expect(busy).toEqual({ kind: 'busy', retryAfterSeconds: expect.any(Number), why: 'full' });
    expect(busy.kind === 'busy' && busy.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Counted by why (rtw_busy_refusals_total).
    expect(slots.stats().refusals).toEqual({ full: 1, limit: 0, overloaded: 0, closed: 0 });
    a.release();
    expect((await first).kind).toBe('done');
    expect((await quick(slots)).kind).toBe('done');
    b.release();
    await second;
    expect(slots.stats().inUse).toBe(0);
    await slots.close();
  });

  it('gives every check a fresh session on one browser, and closes it after', async () => {
    const { slots, browsers } = pool();
    const one = await quick(slots);
    const two = await quick(slots);
    expect(browsers).toHaveLength(1);
    const s1 = one.kind === 'done' ? one.value : null;
    const s2 = two.kind === 'done' ? two.value : null;
    expect(s1).not.toBe(s2);
    expect(s1?.closed && s2?.closed).toBe(true);
    await slots.close();
    expect(browsers[0]?.closed).toBe(true);
  });

  it('recycles the browser after N checks, draining the old one before closing it', async () => {
    const { slots, browsers } = pool({ recycleAfterChecks: 3 });
    await quick(slots);
    await quick(slots);
    const third = held();
    const running = slots.run(third.work, 1_000);
    await tick();
    // The third check retired the first browser and started its successor; it still runs there.
    expect(slots.stats().recycles).toBe(1);
    expect(browsers[0]?.closed).toBe(false);
    const fourth = await quick(slots);
    expect(fourth.kind === 'done' && fourth.value.browser).toBe(browsers[1]);
    third.release();
    await running;
    expect(third.session()?.browser).toBe(browsers[0]);
    expect(browsers[0]?.closed).toBe(true);
    expect(browsers[1]?.closed).toBe(false);
    await slots.close();
  });

  it('replaces a browser that crashed, without failing the checks after it', async () => {
    const { slots, browsers } = pool();
    await quick(slots);
    expect(slots.testHooks.killBrowser()).toBe(true);
    const next = await quick(slots);
    expect(next.kind).toBe('done');
    expect(browsers).toHaveLength(2);
    expect(slots.stats()).toMatchObject({ launches: 2, replacements: 1, crashes: 1, browserConnected: true });
    await slots.close();
  });

  it('kills and replaces a browser that fails its health probe', async () => {
    const { slots, browsers } = pool({ probeIntervalMs: 10 });
    await slots.start();
    const first = browsers[0];
    if (!first) throw new Error('no browser');
    first.healthy = false;
    await expect.poll(() => first.killed, { timeout: 2_000 }).toBe(true);
    expect((await quick(slots)).kind).toBe('done');
    expect(browsers).toHaveLength(2);
    await slots.close();
  });

  it('frees the slot of a check that outruns its deadline, closing its session by force', async () => {
    const { slots } = pool({ slots: 1 });
    let session: FakeSession | undefined;
    const outcome = await slots.run(async (s) => {
      session = s;
      return new Promise<never>(() => {});
    }, 30);
    expect(outcome).toEqual({ kind: 'timed-out' });
    expect(session?.closed).toBe(true);
    expect(slots.stats().inUse).toBe(0);
    expect((await quick(slots)).kind).toBe('done');
    await slots.close();
  });

  it('condemns a browser that will not open a session and fails its probe, and uses a new one', async () => {
    const { slots, browsers } = pool();
    await slots.start();
    const hung = browsers[0];
    if (!hung) throw new Error('no browser');
    hung.hangOnNewSession = true;
    hung.healthy = false;
    const outcome = await quick(slots);
    expect(outcome.kind).toBe('done');
    expect(hung.killed).toBe(true);
    expect(outcome.kind === 'done' && outcome.value.browser).toBe(browsers[1]);
    await slots.close();
  });

  it('keeps a browser that is slow to open a session but answers its probe (its other checks live on)', async () => {
    const { slots, browsers } = pool();
    await slots.start();
    const slow = browsers[0];
    if (!slow) throw new Error('no browser');
    slow.hangOnNewSession = true;
    expect(await quick(slots)).toMatchObject({ kind: 'browser-unavailable' });
    expect(slow.killed).toBe(false);
    expect(browsers).toHaveLength(1);
    slow.hangOnNewSession = false;
    expect((await quick(slots)).kind).toBe('done');
    await slots.close();
  });

  it('reports a check whose hard timeout passed while its browser hung opening a session as timed out', async () => {
    const { slots, browsers } = pool();
    await slots.start();
    const hung = browsers[0];
    if (!hung) throw new Error('no browser');
    hung.hangOnNewSession = true;
    hung.healthy = false;
    // The deadline (30 ms) passes before the session timeout (50 ms), and while the hung browser's
    // probe answers: no time is left for a second browser.
    hung.probeMs = 60;
    expect(await slots.run(async (s) => s, 30)).toEqual({ kind: 'timed-out' });
    expect(hung.killed).toBe(true);
    expect((await quick(slots)).kind).toBe('done');
    await slots.close();
  });

  it('reports a browser that cannot start as a value, at start and per check', async () => {
    const slots = createCheckSlots<FakeSession>({
      slots: 1,
      recycleAfterChecks: 100,
      probeIntervalMs: 0,
      launch: async () => {
        throw new Error('spawn /nowhere/chromium ENOENT');
      },
    });
    expect(await slots.start()).toEqual({
      ok: false,
      error: 'The browser could not be started: spawn /nowhere/chromium ENOENT',
    });
    expect(await quick(slots)).toMatchObject({ kind: 'browser-unavailable' });
    expect(slots.stats().inUse).toBe(0);
    await slots.close();
    expect(await quick(slots)).toEqual({ kind: 'closed' });
  });

  it('holds a slot ahead of the work: a held slot counts, is run in, and frees once', async () => {
    const { slots } = pool({ slots: 1 });
    const admitted = slots.hold();
    if (!admitted.ok) throw new Error('expected a slot');
    expect(slots.stats().inUse).toBe(1);
    expect(slots.hold()).toEqual({ ok: false, why: 'full', retryAfterSeconds: expect.any(Number) });
    expect((await quick(slots)).kind).toBe('busy');
    // The holder's own run uses the held slot rather than asking for another.
    expect((await slots.run(async (s) => s, 1_000, admitted.hold)).kind).toBe('done');
    expect(slots.stats().inUse).toBe(0);
    admitted.hold.release();
    expect(slots.stats().inUse).toBe(0);
    const again = slots.hold();
    expect(again.ok).toBe(true);
    if (again.ok) {
      again.hold.release();
      again.hold.release();
    }
    expect(slots.stats().inUse).toBe(0);
    await slots.close();
  });

  it('refuses while the load guard reports overload, with a Retry-After', async () => {
    let reason: string | null = 'event loop delay p99 300 ms over 250 ms';
    const { slots } = pool({ slots: 4, overloaded: () => reason });
    expect(slots.hold()).toEqual({ ok: false, why: 'overloaded', retryAfterSeconds: expect.any(Number) });
    expect(await quick(slots)).toEqual({
      kind: 'busy',
      retryAfterSeconds: expect.any(Number),
      why: 'overloaded',
    });
    reason = null;
    expect((await quick(slots)).kind).toBe('done');
    await slots.close();
  });

  it('refuses at the adaptive limit as its own reason, before asking the load guard, and shows the limit', async () => {
    const guard: number[] = [];
    const { slots } = pool({
      slots: 4,
      limit: (inUse) => (inUse >= 1 ? 'at the limit' : null),
      overloaded: (inUse) => {
        guard.push(inUse);
        return null;
      },
    });
    const first = slots.hold();
    expect(first.ok).toBe(true);
    expect(slots.hold()).toEqual({ ok: false, why: 'limit', retryAfterSeconds: expect.any(Number) });
    expect(guard).toEqual([0]);
    expect(slots.stats()).toMatchObject({
      admissionLimit: 1,
      ownOverheadSeconds: 1.234,
      refusals: { full: 0, limit: 1, overloaded: 0, closed: 0 },
    });
    if (first.ok) first.hold.release();
    await slots.close();
  });

  it('leaves a quarter of the limit to synchronous checks for 10 s after one was refused, and never counts a queued refusal', async () => {
    let limitNow = 8;
    const { slots } = pool({
      slots: 20,
      limit: (inUse) => (inUse >= limitNow ? 'at the limit' : null),
      limitNow: () => limitNow,
    });
    const held = [];
    for (let i = 0; i < 8; i += 1) {
      const hold = slots.hold(true);
      expect(hold.ok).toBe(true);
      held.push(hold);
    }
    // At the limit: the queue's worker is told no, and nothing counts as refused.
    expect(slots.hold(true)).toMatchObject({ ok: false, why: 'limit' });
    expect(slots.stats().refusals.limit).toBe(0);
    // A client is refused: counted, and the queue now stops a quarter of the limit short of it.
    expect(slots.hold()).toMatchObject({ ok: false, why: 'limit' });
    expect(slots.stats().refusals.limit).toBe(1);
    // The limit grew to 10: a client gets the room, the queue (8 + a quarter of 10 = 11) does not.
    limitNow = 10;
    expect(slots.hold(true)).toMatchObject({ ok: false, why: 'limit' });
    const client = slots.hold();
    expect(client.ok).toBe(true);
    for (const hold of [...held, client]) if (hold.ok) hold.hold.release();
    await slots.close();
  });

  it('tells the load guard how many checks are running beside the one asking', async () => {
    const asked: number[] = [];
    const { slots } = pool({
      slots: 4,
      overloaded: (inUse) => {
        asked.push(inUse);
        return inUse >= 2 ? 'CPU 95 % busy for 3 samples, over 90 %' : null;
      },
    });
    const first = slots.hold();
    const second = slots.hold();
    expect(first.ok && second.ok).toBe(true);
    expect(slots.hold()).toMatchObject({ ok: false, why: 'overloaded' });
    expect(asked).toEqual([0, 1, 2]);
    if (first.ok) first.hold.release();
    expect(slots.hold().ok).toBe(true);
    await slots.close();
  });

  it('computes Retry-After from the running checks, and spreads a burst of refusals over them', async () => {
    let clock = 0;
    const slots = createCheckSlots<FakeSession>({
      slots: 1,
      recycleAfterChecks: 100,
      probeIntervalMs: 0,
      now: () => clock,
      launch: async () => new FakeBrowser(),
    });
    // Two checks of 10 s each teach the pool a typical length.
    for (let i = 0; i < 2; i += 1) {
      await slots.run(async (s) => {
        clock += 10_000;
        return s;
      }, 60_000);
    }
    const a = held();
    const running = slots.run(a.work, 60_000);
    await tick();
    clock += 3_000;
    // The running check is expected to end in 7 s: the first refused is told 7 s ...
    expect(slots.hold()).toMatchObject({ ok: false, retryAfterSeconds: 7 });
    // ... the next ones, one check length further each (one slot), not all 7 s.
    expect(slots.hold()).toMatchObject({ ok: false, retryAfterSeconds: 17 });
    expect(slots.hold()).toMatchObject({ ok: false, retryAfterSeconds: 27 });
    // Once those times have passed, the queue of promises is empty again.
    clock += 30_000;
    expect(slots.hold()).toMatchObject({ ok: false, retryAfterSeconds: 1 });
    a.release();
    await running;
    await slots.close();
  });
});

describe('browser readiness (GET /readyz)', () => {
  it('is null with a browser up, starts one when none is, and says why a launch failed', async () => {
    let failLaunch = false;
    const browsers: FakeBrowser[] = [];
    const slots = createCheckSlots<FakeSession>({
      slots: 1,
      recycleAfterChecks: 100,
      probeIntervalMs: 0,
      launch: async () => {
        if (failLaunch) throw new Error('chromium: cannot open display');
        const browser = new FakeBrowser();
        browsers.push(browser);
        return browser;
      },
    });
    expect(slots.browserReadiness()).toBe('the browser is not launched yet (starting it)');
    await tick();
    expect(slots.browserReadiness()).toBeNull();
    expect(browsers).toHaveLength(1);

    failLaunch = true;
    browsers[0]?.kill();
    expect(slots.browserReadiness()).toBe('the browser is not launched yet (starting it)');
    await tick();
    expect(slots.browserReadiness()).toBe(
      'The browser could not be started: chromium: cannot open display (trying again)',
    );

    await tick(); // the launch that call started fails too
    failLaunch = false;
    expect(slots.browserReadiness()).toContain('could not be started'); // and launches again
    await tick();
    expect(slots.browserReadiness()).toBeNull();
    expect(browsers).toHaveLength(2);
    await slots.close();
    expect(slots.browserReadiness()).toBe('the portal driver is closing');
  });
});
