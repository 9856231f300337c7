import type { DashboardRepo, DashboardSession } from '../dashboard/dashboard-ports.js';
import type { Db } from './db.js';

export function createDashboardRepo(db: Db): DashboardRepo {
  return {
    async setPasswordHash(accountId, hash, now) {
      const { rowCount } = await db.query(
        'UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1 AND NOT anonymous',
        [accountId, hash, now],
      );
      return rowCount > 0;
    },
    async signInCandidates(email) {
      const { rows } = await db.query<{ id: string; password_hash: string }>(
        `SELECT id, password_hash FROM accounts
          WHERE lower(email) = lower($1) AND password_hash IS NOT NULL AND NOT anonymous
          ORDER BY created_at, id LIMIT 10`,
        [email],
      );
      return rows.map((row) => ({ accountId: row.id, passwordHash: row.password_hash }));
    },
    async createSession(tokenHash, session, now) {
      await db.query(
        `INSERT INTO dashboard_sessions (token_hash, account_id, csrf_token, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [tokenHash, session.accountId, session.csrfToken, now, session.expiresAt],
      );
    },
    async findSession(tokenHash, now) {
      const { rows } = await db.query<DashboardSession>(
        `SELECT account_id AS "accountId", csrf_token AS "csrfToken", expires_at AS "expiresAt"
           FROM dashboard_sessions WHERE token_hash = $1 AND expires_at > $2`,
        [tokenHash, now],
      );
      return rows[0] ?? null;
    },
    async deleteSession(tokenHash) {
      await db.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [tokenHash]);
    },
    async deleteSessionsOf(accountId) {
      await db.query('DELETE FROM dashboard_sessions WHERE account_id = $1', [accountId]);
    },
    async sweep(now) {
      const { rowCount } = await db.query('DELETE FROM dashboard_sessions WHERE expires_at <= $1', [now]);
      return rowCount;
    },
  };
}
