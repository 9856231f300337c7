import type { CheckKind } from '@sharecode/core';

/**
 * A page's structure, redacted, so operators can see which page changed without any personal data:
 * host and path, headings, form fields (kind, name, id, label) and button texts, their words only
 * from the known pages' vocabulary (others as shapes). Never a value typed or shown, a paragraph, a
 * name, a date, a share code or an image. `id` names the structure: the same page seen again has the
 * same id, whoever the check was for. (Made by portal/page-fingerprint.ts.)
 */
export interface PageFingerprint {
  readonly id: string;
  /** The driver's step when it stopped. */
  readonly step: string;
  readonly host: string;
  readonly path: string;
  /** "h1 Right to work", "h2 Details of check", ... */
  readonly headings: readonly string[];
  readonly fields: readonly string[];
  readonly buttons: readonly string[];
}

/** What operators see of one kind of check (GET /healthz/portal, the dashboard, `rtw-server status`). */
export interface KindHealth {
  /** When a live check of this kind last came back with a result, on any instance; null: never. */
  readonly lastSuccessAt: string | null;
  /** The last page the driver did not recognise, redacted; null: none kept. */
  readonly lastUnrecognised: { readonly at: string; readonly fingerprint: PageFingerprint } | null;
  /** Unrecognised pages by fingerprint (the latest 100 per kind), most recent first. */
  readonly unrecognisedPages: readonly {
    readonly id: string;
    readonly count: number;
    readonly lastAt: string;
  }[];
  /** Checks that reached the portal in the last hour (to the minute), and how many ended UPSTREAM_UNEXPECTED. */
  readonly lastHour: {
    readonly checks: number;
    readonly upstreamUnexpected: number;
    /** upstreamUnexpected / checks, 0 to 1; null when there was no check. */
    readonly upstreamUnexpectedRate: number | null;
  };
}

export type PortalHealthReport = Readonly<Record<CheckKind, KindHealth>>;

export const CHECK_KINDS: readonly CheckKind[] = ['right_to_work', 'right_to_rent', 'immigration_status'];

/** One live check that reached the portal, as the driver saw it. */
export interface PortalOutcome {
  readonly kind: CheckKind;
  /** null: a result; else the error code it ended with. */
  readonly code: string | null;
  /** The page the driver did not recognise, or read by its structure only; null otherwise. */
  readonly fingerprint?: PageFingerprint | null;
}

/**
 * The port where portal health is kept for the whole cluster (every instance on the database records
 * into it and reads it), so each instance tells the same story, before and after a restart.
 */
export interface PortalHealthStore {
  /** Counts the outcome at `at`; `newPage`: the cluster had not seen its fingerprint for this kind. */
  record(outcome: PortalOutcome, at: Date): Promise<{ readonly newPage: boolean }>;
  report(now: Date): Promise<PortalHealthReport>;
}

/** The domain's side: record what the driver met, read the cluster's report. */
export interface PortalHealth {
  /** Never rejects: a health write that fails is logged, and the check's answer stands. */
  record(outcome: PortalOutcome): Promise<void>;
  report(): Promise<PortalHealthReport>;
}

interface HealthLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Portal health over the shared store: each new page shape is logged once for the whole cluster, as
 * a warning with its redacted structure (the instance whose record first stored it logs it).
 */
export function createPortalHealth(
  store: PortalHealthStore,
  log: HealthLog,
  clock: () => Date = () => new Date(),
): PortalHealth {
  return {
    async record(outcome) {
      try {
        const { newPage } = await store.record(outcome, clock());
        if (newPage && outcome.fingerprint) {
          log.warn(
            { kind: outcome.kind, fingerprint: outcome.fingerprint },
            'portal page not recognised: a new page shape (logged once per fingerprint)',
          );
        }
      } catch (error) {
        log.error(
          { kind: outcome.kind, code: outcome.code, why: (error as Error).message.split('\n')[0] },
          'portal health not recorded',
        );
      }
    },
    report: () => store.report(clock()),
  };
}
