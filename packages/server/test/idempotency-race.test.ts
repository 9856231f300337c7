import type { CheckRecord } from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { call, validBody } from './support/api.js';
import { untilIdle, useAsyncTestServer } from './support/async-server.js';
import { BACKENDS, newKey } from './support/test-server.js';

/** Rounds per database (issue 36: at least 200), each of RACERS simultaneous POSTs with one new key. */
const ROUNDS = 200;
const RACERS = 6;

// Issue 36: six simultaneous POSTs with one Idempotency-Key once answered [200, 200, 200, 200, 202, 500]
// on PostgreSQL. The first POST's check ran and ended while the others replayed it: a replay read the
// row still sealed under the check's own data key, the ending deleted that key, and the replay's key
// lookup (a second statement, a newer snapshot) found nothing to open the row with. Each round here
// lets the worker end the check while the replays run, from as many connections as POSTs.
describe.each(BACKENDS)('one Idempotency-Key raced from many connections on %s', (backend) => {
  const ctx = useAsyncTestServer(backend);

  it(`${ROUNDS} rounds of ${RACERS} simultaneous POSTs: one check each, the others replay it, no error, charged once`, async () => {
    const { server } = ctx;
    server.clock.advance(60_000);
    const test = await newKey(server.admin, 'scale', 'test');
    const live = await newKey(server.admin, 'scale', 'live');
    const body = { ...validBody('/api/check'), client_reference: 'race' };
    const failures: string[] = [];
    const race = async (owner: typeof test, round: number) => {
      const answers = await Promise.all(
        Array.from({ length: RACERS }, () =>
          call(server.url, 'POST', '/api/check/async', {
            key: owner.key,
            json: body,
            headers: { 'idempotency-key': `race-${round}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      const ids = new Set(answers.map((answer) => (answer.body as CheckRecord | undefined)?.id));
      const expected = [202, ...Array.from({ length: RACERS - 1 }, () => 200)].sort();
      if (JSON.stringify(statuses) !== JSON.stringify(expected) || ids.size !== 1) {
        const codes = answers.map((answer) => (answer.status >= 400 ? answer.text : answer.status));
        failures.push(`round ${round} (${owner === live ? 'live' : 'test'}): ${codes.join(', ')}`);
      }
    };
    // Two rounds at a time, one per mode (a live check also reserves quota inside the creating
    // transaction), each in a new second of the per-key rate window (the test clock stands still).
    for (let round = 0; round < ROUNDS; round += 2) {
      server.clock.advance(1000);
      await Promise.all([race(test, round), race(live, round + 1)]);
    }
    expect(failures).toEqual([]);
    await untilIdle(server);
    // One check per round and key, and the live ones charged once each.
    const { rows } = await server.database.db.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM async_checks WHERE account_id = ANY($1::text[])',
      [[test.accountId, live.accountId]],
    );
    expect(rows[0]?.n).toBe(ROUNDS);
    const usage = await server.admin.usage(live.accountId);
    expect(usage.ok && usage.value.used + usage.value.inProgress).toBe(ROUNDS / 2);
    // About 20 s on a quiet machine; 60 s ran out on PGlite beside other heavy stages.
  }, 300_000);
});
