import type { CheckKind } from '@sharecode/core';
import {
  CHECK_KINDS,
  type KindHealth,
  type PageFingerprint,
  type PortalHealthReport,
  type PortalHealthStore,
} from '../health/portal-health.js';
import { type Db, toNumber } from './db.js';

/** Fingerprints kept per kind: the latest by when they were last seen. */
const KEPT_PAGES = 100;

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

/**
 * Portal health in the database, shared by every instance: the last success per kind, the last
 * hour's checks in per-minute buckets (at most about 120 rows per kind: older ones go as new minutes
 * start), and unrecognised pages by fingerprint. Times are the recording instance's clock.
 */
export function createPortalHealthRepo(db: Db): PortalHealthStore {
  return {
    async record(outcome, at) {
      const unexpected = outcome.code === 'UPSTREAM_UNEXPECTED' ? 1 : 0;
      return db.transaction(async (tx) => {
        const minute = await tx.query<{ inserted: boolean }>(
          `INSERT INTO portal_minutes (kind, minute, checks, upstream_unexpected)
           VALUES ($1, date_trunc('minute', $2::timestamptz), 1, $3)
           ON CONFLICT (kind, minute) DO UPDATE
             SET checks = portal_minutes.checks + 1,
                 upstream_unexpected = portal_minutes.upstream_unexpected + excluded.upstream_unexpected
           RETURNING (xmax = 0) AS inserted`,
          [outcome.kind, at, unexpected],
        );
        // A new minute: the buckets past the window go (an hour's worth more is kept for late readers).
        if (minute.rows[0]?.inserted) {
          await tx.query(
            `DELETE FROM portal_minutes WHERE kind = $1 AND minute < $2::timestamptz - interval '2 hours'`,
            [outcome.kind, at],
          );
        }
        if (outcome.code === null) {
          await tx.query(
            `INSERT INTO portal_kinds (kind, last_success_at) VALUES ($1, $2)
             ON CONFLICT (kind) DO UPDATE
               SET last_success_at = greatest(portal_kinds.last_success_at, excluded.last_success_at)`,
            [outcome.kind, at],
          );
        }
        const fingerprint = outcome.fingerprint;
        if (!fingerprint) return { newPage: false };
        const page = await tx.query<{ inserted: boolean }>(
          `INSERT INTO portal_pages (kind, id, count, last_at, fingerprint) VALUES ($1, $2, 1, $3, $4)
           ON CONFLICT (kind, id) DO UPDATE
             SET count = portal_pages.count + 1, last_at = greatest(portal_pages.last_at, excluded.last_at)
           RETURNING (xmax = 0) AS inserted`,
          [outcome.kind, fingerprint.id, at, JSON.stringify(fingerprint)],
        );
        const newPage = page.rows[0]?.inserted === true;
        if (newPage) {
          await tx.query(
            `DELETE FROM portal_pages WHERE kind = $1 AND id IN (
               SELECT id FROM portal_pages WHERE kind = $1 ORDER BY last_at DESC, id OFFSET $2)`,
            [outcome.kind, KEPT_PAGES],
          );
        }
        return { newPage };
      });
    },

    async report(now) {
      const [kinds, hour, pages] = await Promise.all([
        db.query<{ kind: CheckKind; last_success_at: unknown }>(
          'SELECT kind, last_success_at FROM portal_kinds',
        ),
        db.query<{ kind: CheckKind; checks: unknown; unexpected: unknown }>(
          `SELECT kind, sum(checks) AS checks, sum(upstream_unexpected) AS unexpected FROM portal_minutes
            WHERE minute > $1::timestamptz - interval '1 hour' AND minute <= $1::timestamptz
            GROUP BY kind`,
          [now],
        ),
        db.query<{ kind: CheckKind; id: string; count: number; last_at: unknown; fingerprint: string }>(
          'SELECT kind, id, count, last_at, fingerprint FROM portal_pages ORDER BY last_at DESC, id',
        ),
      ]);
      const entries = CHECK_KINDS.map((kind): [CheckKind, KindHealth] => {
        const success = kinds.rows.find((r) => r.kind === kind)?.last_success_at;
        const counted = hour.rows.find((r) => r.kind === kind);
        const checks = counted ? toNumber(counted.checks) : 0;
        const upstreamUnexpected = counted ? toNumber(counted.unexpected) : 0;
        const own = pages.rows.filter((r) => r.kind === kind);
        const latest = own[0];
        return [
          kind,
          {
            lastSuccessAt: success ? iso(success) : null,
            lastUnrecognised: latest
              ? { at: iso(latest.last_at), fingerprint: JSON.parse(latest.fingerprint) as PageFingerprint }
              : null,
            unrecognisedPages: own.map((r) => ({ id: r.id, count: r.count, lastAt: iso(r.last_at) })),
            lastHour: {
              checks,
              upstreamUnexpected,
              upstreamUnexpectedRate: checks === 0 ? null : upstreamUnexpected / checks,
            },
          },
        ];
      });
      return Object.fromEntries(entries) as PortalHealthReport;
    },
  };
}
