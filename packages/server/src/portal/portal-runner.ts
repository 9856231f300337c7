import { type CheckKind, type CheckResult, checkError, fail, type Outcome, ok } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import type { LiveCheckContext, LiveCheckRunner } from '../checks/live-check-runner.js';
import { type PortalObserver, SILENT_OBSERVER } from '../checks/observer-port.js';
import type { PortalOutcome } from '../health/portal-health.js';
import { immigrationStatusFlow, rightToRentFlow, rightToWorkFlow } from './check-flows.js';
import type { Deadline } from './deadline.js';
import type { Diagnostic } from './diagnostic.js';
import { type Driven, driveCheck, type StepTimer } from './drive-check.js';
import { type DriverFailure, PORTAL_ERRORS } from './driver-failure.js';
import { finishImmigrationStatus, finishRightToRent, finishRightToWork } from './finish-results.js';
import { createOwnTimeMeter } from './network-time.js';
import type { PortalEntryUrls } from './portal-config.js';
import { type PortalLog, silentPortalLog } from './portal-log.js';
import type { CheckSession } from './portal-page.js';
import type { CheckSlots } from './slot-types.js';

export interface PortalRunnerOptions {
  readonly entryUrls: PortalEntryUrls;
  readonly checkTimeoutMs: number;
  /** The time written as `checked_at` (and the date of check when the page shows none). */
  readonly clock?: () => Date;
  readonly log?: PortalLog;
  /** Told of each step's time and each unrecognised page (metrics); silent by default. */
  readonly observer?: PortalObserver | undefined;
  /** Told of each check's own time as its parts end (admission's limit: overhead-limit.ts). */
  readonly overhead?: OverheadSink | undefined;
}

/** What admission learns from running checks: OverheadLimit's `observe` and `checkEnded`. */
export interface OverheadSink {
  observe(part: { readonly ownMs: number; readonly wallMs: number }): void;
  checkEnded(parts: number): void;
}

/** Told of every check that reached the portal; the runner waits for it before it answers. */
export type PortalOutcomeListener = (outcome: PortalOutcome) => Promise<void>;

/** A diagnostic as operators see it: which check, which kind, when. */
export interface DiagnosticRecord {
  readonly checkId: string;
  readonly kind: CheckKind;
  readonly at: string;
  readonly failure: DriverFailure['kind'];
  readonly code: string;
  readonly diagnostic: Diagnostic;
}

export interface PortalRunner extends LiveCheckRunner {
  /** The latest diagnostics, oldest first (at most 50), for operators and tests. */
  recentDiagnostics(): readonly DiagnosticRecord[];
  /**
   * Sets who is told of each check that reached the portal: its code and, for a page the driver did
   * not recognise (or read by its structure only), the page's redacted fingerprint. The entry file
   * records them as the cluster's portal health once the database is open.
   */
  observe(listener: PortalOutcomeListener): void;
}

export const SERVICE_OF_KIND: Readonly<Record<CheckKind, keyof PortalEntryUrls>> = {
  right_to_work: 'rightToWork',
  right_to_rent: 'rightToRent',
  immigration_status: 'immigrationStatus',
};

const KEPT_DIAGNOSTICS = 50;

export function entryUrlOf(entryUrls: PortalEntryUrls, kind: CheckKind): string {
  return entryUrls[SERVICE_OF_KIND[kind]];
}

function drive(
  validated: ValidatedRequest,
  session: CheckSession,
  deadline: Deadline,
  entryUrl: string,
  clock: () => Date,
  timeStep: StepTimer,
): Promise<Driven<CheckResult>> {
  switch (validated.kind) {
    case 'right_to_work':
      return driveCheck(
        rightToWorkFlow,
        validated.request,
        session,
        deadline,
        entryUrl,
        finishRightToWork(validated.request, clock),
        timeStep,
      );
    case 'right_to_rent':
      return driveCheck(
        rightToRentFlow,
        validated.request,
        session,
        deadline,
        entryUrl,
        finishRightToRent(validated.request, clock),
        timeStep,
      );
    case 'immigration_status':
      return driveCheck(
        immigrationStatusFlow,
        validated.request,
        session,
        deadline,
        entryUrl,
        finishImmigrationStatus(validated.request, clock),
        timeStep,
      );
  }
}

/**
 * The live-check runner over the GOV.UK portals: each check takes a slot (or gets BUSY at once),
 * drives the service in a fresh browser context and answers the result or a catalogue error.
 * Failures are logged as codes and redacted diagnostics, never with the request's personal data.
 */
export function createPortalRunner(
  slots: CheckSlots<CheckSession>,
  options: PortalRunnerOptions,
): PortalRunner {
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? silentPortalLog;
  const diagnostics: DiagnosticRecord[] = [];
  const observer = options.observer ?? SILENT_OBSERVER;
  let outcomes: PortalOutcomeListener = async () => {};

  const keep = (context: LiveCheckContext, kind: CheckKind, failure: DriverFailure) => {
    const diagnostic = failure.kind === 'terminal' ? null : failure.diagnostic;
    if (!diagnostic) return;
    const record: DiagnosticRecord = {
      checkId: context.checkId,
      kind,
      at: clock().toISOString(),
      failure: failure.kind,
      code: failure.error.code,
      diagnostic,
    };
    diagnostics.push(record);
    if (diagnostics.length > KEPT_DIAGNOSTICS) diagnostics.shift();
    log.warn(
      {
        checkId: context.checkId,
        requestId: context.requestId,
        kind,
        failure: failure.kind,
        code: failure.error.code,
        diagnostic,
        ...(failure.kind === 'unrecognised' && failure.fingerprint
          ? { fingerprintId: failure.fingerprint.id }
          : {}),
      },
      failure.kind === 'unrecognised' ? 'portal page not recognised' : 'portal check failed',
    );
  };

  return {
    async run(validated, context): Promise<Outcome<CheckResult>> {
      const kind = validated.kind;
      const entryUrl = entryUrlOf(options.entryUrls, kind);
      const started = performance.now();
      const slot = await slots.run(
        async (session, deadline) => {
          // From admission: opening the session and every wait for a core is the service's own time.
          const meter = createOwnTimeMeter(started, () => session.networkMs());
          let parts = 0;
          const mark = () => {
            parts += 1;
            options.overhead?.observe(meter.mark());
          };
          const driven = await drive(validated, session, deadline, entryUrl, clock, (step, seconds) => {
            observer.portalStep({ kind, step, seconds });
            mark();
          });
          mark();
          options.overhead?.checkEnded(parts);
          return driven;
        },
        options.checkTimeoutMs,
        context.hold,
      );
      const ms = Math.round(performance.now() - started);
      const fields = {
        checkId: context.checkId,
        requestId: context.requestId,
        kind,
        attempt: context.attempt,
        ms,
      };
      switch (slot.kind) {
        case 'busy':
          log.info({ ...fields, code: 'BUSY', why: slot.why }, 'live check refused at admission');
          return fail(PORTAL_ERRORS.refused(slot.why, slot.retryAfterSeconds));
        case 'closed':
          return fail(
            checkError('BUSY', 'The service is shutting down. Retry in a moment.', { retryAfter: 1 }),
          );
        case 'browser-unavailable':
          log.error({ ...fields, code: 'BUSY', why: slot.reason }, 'no browser for the check');
          return fail(PORTAL_ERRORS.browserUnavailable());
        case 'timed-out':
          await outcomes({ kind, code: 'TIMEOUT' });
          log.warn({ ...fields, code: 'TIMEOUT' }, 'check stopped at its hard timeout');
          return fail(PORTAL_ERRORS.timeout());
        case 'done': {
          const driven = slot.value;
          await outcomes({
            kind,
            code: driven.ok ? null : driven.error.error.code,
            fingerprint:
              driven.ok || driven.error.kind === 'retryable' ? null : (driven.error.fingerprint ?? null),
          });
          if (driven.ok) {
            log.info({ ...fields, code: null }, 'portal check done');
            return ok(driven.value);
          }
          if (driven.error.kind === 'unrecognised') observer.unrecognisedPage({ kind });
          keep(context, kind, driven.error);
          log.info(
            { ...fields, code: driven.error.error.code, failure: driven.error.kind },
            'portal check done',
          );
          return fail(driven.error.error);
        }
      }
    },
    hold(queued) {
      const admitted = slots.hold(queued);
      if (admitted.ok) return ok(admitted.hold);
      if (admitted.why === 'closed') {
        return fail(
          checkError('BUSY', 'The service is shutting down. Retry in a moment.', { retryAfter: 1 }),
        );
      }
      return fail(PORTAL_ERRORS.refused(admitted.why, admitted.retryAfterSeconds));
    },
    recentDiagnostics: () => [...diagnostics],
    observe(listener) {
      outcomes = listener;
    },
  };
}
