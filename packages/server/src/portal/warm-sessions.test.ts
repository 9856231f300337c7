import { describe, expect, it } from 'vitest';
import { createWarmSessions, WARM_SESSIONS, warmSessionsFor } from './warm-sessions.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeSessions() {
  let opened = 0;
  const closed: number[] = [];
  let failing = false;
  return {
    open: async () => {
      if (failing) throw new Error('browser gone');
      opened += 1;
      return opened;
    },
    close: async (session: number) => {
      closed.push(session);
    },
    fail: () => {
      failing = true;
    },
    opened: () => opened,
    closed,
  };
}

describe('warm sessions', () => {
  it('opens nothing until the first take, then keeps `size` ready and hands each out once', async () => {
    const fake = fakeSessions();
    const warm = createWarmSessions(fake.open, fake.close, 2);
    await settle();
    expect(fake.opened()).toBe(0);
    const first = await warm.take();
    await settle();
    expect(fake.opened()).toBe(3);
    const taken = [first, await warm.take(), await warm.take()];
    expect(new Set(taken).size).toBe(3);
    await settle();
    expect(fake.opened()).toBe(5);
  });

  it('opens one on demand when none is ready, and survives opens that fail', async () => {
    const fake = fakeSessions();
    const warm = createWarmSessions(fake.open, fake.close, 1);
    fake.fail();
    await expect(warm.take()).rejects.toThrow('browser gone');
    await settle();
    await expect(warm.take()).rejects.toThrow('browser gone');
  });

  it('closes the ready ones on stop, and opens no more', async () => {
    const fake = fakeSessions();
    const warm = createWarmSessions(fake.open, fake.close, 2);
    const taken = await warm.take();
    await settle();
    warm.stop();
    await settle();
    expect(fake.closed.sort()).toEqual([1, 2, 3].filter((n) => n !== taken));
    await warm.take();
    await settle();
    expect(fake.opened()).toBe(4);
  });

  it('closes a session that finishes opening after stop', async () => {
    const closed: string[] = [];
    let finish: (session: string) => void = () => {};
    const opens = ['later', 'now'];
    const warm = createWarmSessions(
      (): Promise<string> => {
        const name = opens.shift() ?? 'extra';
        return name === 'later' ? new Promise((resolve) => (finish = resolve)) : Promise.resolve(name);
      },
      async (session) => {
        closed.push(session);
      },
      1,
    );
    // The refill starts first ('later', still opening at stop), then the take opens its own ('now').
    const taken = warm.take();
    await settle();
    warm.stop();
    finish('later');
    expect(await taken).toBe('now');
    await settle();
    expect(closed).toEqual(['later']);
  });
});

describe('warmSessionsFor', () => {
  it('keeps no more sessions ahead than the slots could take, up to WARM_SESSIONS', () => {
    expect(warmSessionsFor(1)).toBe(1);
    expect(warmSessionsFor(2)).toBe(2);
    expect(warmSessionsFor(96)).toBe(WARM_SESSIONS);
    expect(warmSessionsFor(Number.POSITIVE_INFINITY)).toBe(WARM_SESSIONS);
    expect(WARM_SESSIONS).toBe(4);
  });
});
