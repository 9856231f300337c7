// Portal health and instances as every instance on one database sees them: two connections stand
// for two instances (PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../test/support/postgres.js';
import { clusterWarnings } from '../health/cluster-status.js';
import { createPortalHealth, type PageFingerprint } from '../health/portal-health.js';
import type { Db } from './db.js';
import { createInstancesRepo } from './instances-repo.js';
import { migrate } from './migrations.js';
import { openPostgresDb } from './pg-db.js';
import { createPortalHealthRepo } from './portal-health-repo.js';

const page = (id: string): PageFingerprint => ({
  id,
  step: 'share-code',
  host: 'right-to-work.service.gov.uk',
  path: '/rtw-view',
  headings: ['h1 Enter the share code'],
  fields: [],
  buttons: ['Continue'],
});

describe('portal health shared by two instances on one PostgreSQL database', () => {
  let pg: TestPostgresDatabase;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    a = await openPostgresDb(pg.url, 2);
    b = await openPostgresDb(pg.url, 2);
    await migrate(a, new Date());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.drop();
  });

  it("keeps the last success, the last unrecognised page, counts per fingerprint and the hour's rate for all", async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const warnings: object[] = [];
    const log = { warn: (fields: object) => warnings.push(fields), error() {} };
    const onA = createPortalHealth(createPortalHealthRepo(a), log, () => now);
    const onB = createPortalHealth(createPortalHealthRepo(b), log, () => now);
    await onA.record({ kind: 'right_to_work', code: null });
    await onA.record({ kind: 'right_to_work', code: 'UPSTREAM_UNEXPECTED', fingerprint: page('a') });
    await onB.record({ kind: 'right_to_work', code: 'UPSTREAM_UNEXPECTED', fingerprint: page('a') });
    await onB.record({ kind: 'right_to_work', code: 'NOT_FOUND' });
    const fromA = await onA.report();
    expect(await onB.report()).toEqual(fromA);
    expect(fromA.right_to_work).toEqual({
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastUnrecognised: { at: '2026-11-23T10:00:00.000Z', fingerprint: page('a') },
      unrecognisedPages: [{ id: 'a', count: 2, lastAt: '2026-11-23T10:00:00.000Z' }],
      lastHour: { checks: 4, upstreamUnexpected: 2, upstreamUnexpectedRate: 0.5 },
    });
    expect(fromA.right_to_rent).toEqual({
      lastSuccessAt: null,
      lastUnrecognised: null,
      unrecognisedPages: [],
      lastHour: { checks: 0, upstreamUnexpected: 0, upstreamUnexpectedRate: null },
    });
    // One warning for the cluster, whichever instance met the page first.
    expect(warnings).toHaveLength(1);

    now = new Date('2026-11-23T11:00:01Z');
    await onB.record({ kind: 'right_to_work', code: null });
    const later = (await onA.report()).right_to_work;
    expect(later.lastHour).toEqual({ checks: 1, upstreamUnexpected: 0, upstreamUnexpectedRate: 0 });
    expect(later.lastSuccessAt).toBe('2026-11-23T11:00:01.000Z');
  });

  it('registers instances, renews them, forgets the silent ones and drops the ones that stop', async () => {
    const onA = createInstancesRepo(a);
    const onB = createInstancesRepo(b);
    await onA.register({ id: 'ins_a', host: 'h1', version: '1.0.0', slots: 2, portalDriver: true }, 60_000);
    await onB.register({ id: 'ins_b', host: 'h2', version: '1.0.0', slots: 0, portalDriver: false }, 200);
    expect((await onA.alive()).map((i) => [i.id, i.portalDriver, i.slots])).toEqual([
      ['ins_a', true, 2],
      ['ins_b', false, 0],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await onB.alive()).map((i) => i.id)).toEqual(['ins_a']);
    expect(await onB.heartbeat('ins_b', 200)).toBe(false);
    expect(await onA.heartbeat('ins_a', 60_000)).toBe(true);
    await onA.remove('ins_a');
    expect(await onB.alive()).toEqual([]);
    const queue = await onA.queue();
    expect(queue).toEqual({ byState: [], oldestDue: null, liveDue: 0 });
    expect(clusterWarnings([], queue)).toEqual([
      'No rtw-server instance is running on this database: nothing claims queued checks.',
    ]);
  });
});
