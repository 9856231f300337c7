import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAttemptLog } from './attempt-log.js';
import { groupCommit } from './group-commit.js';
import type { AttemptRecord } from './webhook-ports.js';

const attempt = (id: string): AttemptRecord => ({
  delivery: {
    id,
    leaseToken: 't',
    eventId: `evt_${id}`,
    accountId: 'acc',
    mode: 'test',
    checkId: 'chk',
    type: 'check.succeeded',
    url: 'https://example.com/hooks',
    eventCreatedAt: new Date(0),
    series: 1,
    attempts: 0,
    secret: null,
    check: null,
  },
  outcome: { delivered: true, statusCode: 204, errorClass: null, durationMs: 1 },
  attemptedAt: new Date(0),
  next: { type: 'delivered' },
});

describe('the attempt log', () => {
  it('with lingerMs, a lone write waits for company and goes with it in one batch', async () => {
    const batches: number[][] = [];
    const write = groupCommit(
      async (items: readonly number[]) => {
        batches.push([...items]);
        return items;
      },
      { maxBatch: 10, lingerMs: 20 },
    );
    const first = write(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = write(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('writes delivered lines behind, together, and settle() waits for them', async () => {
    const written: string[][] = [];
    const log = createAttemptLog(
      {
        async recordAttempts(attempts) {
          written.push(attempts.map((a) => a.delivery.id));
          return attempts.map(() => true);
        },
      },
      pino({ level: 'silent' }),
    );
    log.writeBehind(attempt('a'));
    log.writeBehind(attempt('b'));
    expect(written).toEqual([]);
    await log.settle();
    expect(written).toEqual([['a', 'b']]);
    // Awaited writes still go at once.
    expect(await log.write(attempt('c'))).toBe(true);
    expect(written).toEqual([['a', 'b'], ['c']]);
  });
});
