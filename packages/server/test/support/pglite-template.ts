// A new PGlite cluster costs 3 to 4 CPU-seconds (initdb, then every migration); opening a copy of one
// already migrated costs about 0.4. On 2 cores the test command starts dozens of embedded databases,
// so test servers start from a copy of one template per schema, made once per machine. What a test
// sees is unchanged: the same migrations, run by the same code; openDatabase then finds the schema
// current and writes the encryption canary for the test's own key.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../src/store/migrations.js';
import { openPgliteDb } from '../../src/store/pglite-db.js';

const STORE = fileURLToPath(new URL('../../src/store/', import.meta.url));
/** When the template was migrated: recorded as schema_migrations.applied_at, read by no test. */
const MIGRATED_AT = new Date('2026-01-01T00:00:00Z');

/** The schema's identity: the migration sources and the PGlite version that writes the files. */
function schemaHash(): string {
  const hash = createHash('sha256');
  // The package's exports map hides its package.json; the workspace installs it at the root.
  hash.update(
    readFileSync(new URL('../../../../node_modules/@electric-sql/pglite/package.json', import.meta.url)),
  );
  for (const file of readdirSync(STORE)
    .filter((name) => /migration/.test(name))
    .sort())
    hash.update(file).update(readFileSync(join(STORE, file)));
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const path = join(tmpdir(), `rtw-pglite-template-${schemaHash()}`);
  if (existsSync(join(path, 'PG_VERSION'))) return path;
  // Built aside and renamed into place, so a concurrent test process never copies half a cluster.
  const building = mkdtempSync(join(tmpdir(), 'rtw-pglite-building-'));
  const pgdata = join(building, 'pgdata');
  const db = await openPgliteDb(pgdata);
  try {
    await migrate(db, MIGRATED_AT);
  } finally {
    await db.close();
  }
  try {
    renameSync(pgdata, path);
  } catch (error) {
    // Another process put its template in place first: the same schema, so use that one.
    if (!existsSync(join(path, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return path;
}

/**
 * Fills `dataDir` (as passed to openDatabase, not yet created) with a migrated embedded database,
 * so opening it skips initdb and the migrations.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  template ??= makeTemplate();
  cpSync(await template, join(dataDir, 'pgdata'), { recursive: true });
}
