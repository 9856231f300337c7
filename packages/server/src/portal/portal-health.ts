import type { CheckKind } from '@sharecode/core';
import type { PageFingerprint } from './page-fingerprint.js';
import type { PortalLog } from './portal-log.js';

/** What operators see of one kind of check (GET /healthz/portal, the dashboard). */
export interface KindHealth {
  /** When a live check of this kind last came back with a result; null: none since start. */
  readonly lastSuccessAt: string | null;
  /** The last page the driver did not recognise, redacted; null: none since start. */
  readonly lastUnrecognised: { readonly at: string; readonly fingerprint: PageFingerprint } | null;
  /** Unrecognised pages by fingerprint since start, most recent first. */
  readonly unrecognisedPages: readonly {
    readonly id: string;
    readonly count: number;
    readonly lastAt: string;
  }[];
  /** Checks that reached the portal in the last hour, and how many ended UPSTREAM_UNEXPECTED. */
  readonly lastHour: {
    readonly checks: number;
    readonly upstreamUnexpected: number;
    /** upstreamUnexpected / checks, 0 to 1; null when there was no check. */
    readonly upstreamUnexpectedRate: number | null;
  };
}

export type PortalHealthReport = Readonly<Record<CheckKind, KindHealth>>;

export interface PortalHealth {
  /** A check that reached the portal: its result, or its error code and (when unrecognised) the page. */
  record(
    kind: CheckKind,
    outcome: { readonly code: string | null; readonly fingerprint?: PageFingerprint | null },
  ): void;
  report(): PortalHealthReport;
}

const HOUR_MS = 3_600_000;
/** Bounds memory whatever the traffic: the rate is then over the latest checks of the hour. */
const MAX_RECENT = 10_000;
const MAX_FINGERPRINTS = 100;
const KINDS: readonly CheckKind[] = ['right_to_work', 'right_to_rent', 'immigration_status'];

interface KindState {
  lastSuccessAt: string | null;
  lastUnrecognised: { at: string; fingerprint: PageFingerprint } | null;
  pages: Map<string, { id: string; count: number; lastAt: string }>;
  recent: { at: number; unexpected: boolean }[];
}

/**
 * Counts, in memory and per process, what the portal driver met: successes, unrecognised pages by
 * fingerprint (each new one logged once, as a warning with its redacted structure), and the last
 * hour's UPSTREAM_UNEXPECTED rate. A restart starts afresh; the log keeps the history.
 */
export function createPortalHealth(log: PortalLog, clock: () => Date = () => new Date()): PortalHealth {
  const state = new Map<CheckKind, KindState>(
    KINDS.map((kind) => [
      kind,
      { lastSuccessAt: null, lastUnrecognised: null, pages: new Map(), recent: [] },
    ]),
  );
  const of = (kind: CheckKind): KindState => {
    const found = state.get(kind);
    if (!found) throw new Error(`unknown check kind ${kind}`);
    return found;
  };
  const prune = (s: KindState, now: number) => {
    while (s.recent.length > 0 && (s.recent.length > MAX_RECENT || now - (s.recent[0]?.at ?? now) > HOUR_MS))
      s.recent.shift();
  };

  return {
    record(kind, outcome) {
      const s = of(kind);
      const now = clock();
      const at = now.toISOString();
      s.recent.push({ at: now.getTime(), unexpected: outcome.code === 'UPSTREAM_UNEXPECTED' });
      prune(s, now.getTime());
      if (outcome.code === null) s.lastSuccessAt = at;
      const fingerprint = outcome.fingerprint;
      if (!fingerprint) return;
      s.lastUnrecognised = { at, fingerprint };
      const seen = s.pages.get(fingerprint.id);
      if (seen) {
        seen.count += 1;
        seen.lastAt = at;
        return;
      }
      if (s.pages.size >= MAX_FINGERPRINTS) {
        const oldest = [...s.pages.values()].sort((a, b) => a.lastAt.localeCompare(b.lastAt))[0];
        if (oldest) s.pages.delete(oldest.id);
      }
      s.pages.set(fingerprint.id, { id: fingerprint.id, count: 1, lastAt: at });
      log.warn(
        { kind, fingerprint },
        'portal page not recognised: a new page shape (logged once per fingerprint)',
      );
    },
    report() {
      const now = clock().getTime();
      const entries = KINDS.map((kind): [CheckKind, KindHealth] => {
        const s = of(kind);
        prune(s, now);
        const checks = s.recent.length;
        const unexpected = s.recent.filter((r) => r.unexpected).length;
        return [
          kind,
          {
            lastSuccessAt: s.lastSuccessAt,
            lastUnrecognised: s.lastUnrecognised,
            unrecognisedPages: [...s.pages.values()]
              .sort((a, b) => b.lastAt.localeCompare(a.lastAt))
              .map((p) => ({ ...p })),
            lastHour: {
              checks,
              upstreamUnexpected: unexpected,
              upstreamUnexpectedRate: checks === 0 ? null : unexpected / checks,
            },
          },
        ];
      });
      return Object.fromEntries(entries) as Record<CheckKind, KindHealth>;
    },
  };
}
