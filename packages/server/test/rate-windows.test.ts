// The shared rate windows on both databases and in memory: counting, giving back (sign-in keeps
// only failures), never below zero.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RateLimitRepo } from '../src/accounts/ports.js';
import { createMemoryRateLimitRepo } from '../src/store/memory-rate-limit-repo.js';
import { migrate } from '../src/store/migrations.js';
import { openPostgresDb } from '../src/store/pg-db.js';
import { openPgliteDb } from '../src/store/pglite-db.js';
import { createRateLimitRepo } from '../src/store/rate-limit-repo.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase } from './support/postgres.js';

async function withRepo(kind: 'memory' | 'pglite' | 'postgres', run: (repo: RateLimitRepo) => Promise<void>) {
  if (kind === 'memory') return run(createMemoryRateLimitRepo());
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-rate-'));
    try {
      await seedPgliteDataDir(join(dir, 'data'));
      const db = await openPgliteDb(join(dir, 'data', 'pgdata'));
      try {
        await migrate(db, new Date());
        await run(createRateLimitRepo(db));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const pg = await createPostgresDatabase();
  try {
    const db = await openPostgresDb(pg.url, 2);
    try {
      await migrate(db, new Date());
      await run(createRateLimitRepo(db));
    } finally {
      await db.close();
    }
  } finally {
    await pg.drop();
  }
}

describe.each(['memory', 'pglite', 'postgres'] as const)('rate windows (%s)', (kind) => {
  it('counts hits, gives them back, never below zero, per window', async () => {
    await withRepo(kind, async (repo) => {
      expect(await repo.hit('k', 600, 60)).toBe(1);
      expect(await repo.add('k', 600, 60, 1)).toBe(2);
      expect(await repo.add('k', 600, 60, -1)).toBe(1);
      expect(await repo.add('k', 600, 60, -5)).toBe(0);
      expect(await repo.add('k', 600, 60, 0)).toBe(0);
      expect(await repo.hit('k', 600, 60)).toBe(1);
      // A give-back in a window never hit starts it at zero.
      expect(await repo.add('k', 660, 60, -1)).toBe(0);
      expect(await repo.hit('k', 660, 60)).toBe(1);
    });
  }, 60_000);
});
