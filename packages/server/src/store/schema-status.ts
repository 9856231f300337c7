import type { Db } from './db.js';
import { LATEST_MIGRATION } from './migrations.js';

/**
 * For GET /readyz: null when the database answers and carries every migration this server knows,
 * else why not. A failure is a reason, never a throw.
 */
export async function schemaStatus(db: Db): Promise<string | null> {
  try {
    const { rows } = await db.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const version = rows[0]?.version ?? 0;
    if (version < LATEST_MIGRATION) {
      return `the database schema is at version ${version}; this server needs ${LATEST_MIGRATION} (migrations not applied)`;
    }
    return null;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return `the database does not answer: ${message}`;
  }
}
