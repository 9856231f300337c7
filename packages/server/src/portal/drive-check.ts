import { errors } from 'playwright-core';
import type { CheckFlow } from './check-flows.js';
import { type CommonPage, classifyCommonPage } from './classify-page.js';
import { type Deadline, within } from './deadline.js';
import { type Diagnostic, diagnosticOf, type Secrets } from './diagnostic.js';
import {
  type DriverFailure,
  lookupFailureError,
  PORTAL_ERRORS,
  unwordedLookupFailure,
} from './driver-failure.js';
import { type BaseRequest, dateOfBirthStep } from './flow-steps.js';
import { sameText } from './govuk-text.js';
import { fingerprintOf } from './page-fingerprint.js';
import type { PageSnapshot } from './page-snapshot.js';
import type { CheckSession, PortalPage } from './portal-page.js';

export type Driven<R> =
  | { readonly ok: true; readonly value: R }
  | { readonly ok: false; readonly error: DriverFailure };

/** Told how long each step took: `entry` (the first page), a form step's name, or `result`. */
export type StepTimer = (step: string, seconds: number) => void;

const MAX_PAGES = 15;
/** The free-text request fields the driver types into the portal. */
const TYPED_FIELDS = ['company_name', 'checker_name', 'job_title', 'other_purpose'] as const;
const MAX_VISITS_PER_STEP = 3;
const HTML_READ_MS = 2_000;

/** Page errors that mean the page is not what the step expected (Playwright's own wording). */
const PAGE_CHANGED = /strict mode violation|not attached|Execution context was destroyed|Element is not/i;

/**
 * One check in progress: the page, the step it is on, the last page seen. Every failure it reports
 * is a DriverFailure value; a diagnostic carries only redacted page facts.
 */
export class CheckRun {
  step = 'entry';
  snapshot: PageSnapshot | null = null;
  page: PortalPage | null = null;

  constructor(
    readonly session: CheckSession,
    readonly deadline: Deadline,
    readonly secrets: Secrets,
  ) {}

  async diagnostic(note: string): Promise<Diagnostic> {
    let html: string | null = null;
    if (this.page) {
      const read = await within(this.page.html(), HTML_READ_MS).catch(() => ({ done: false as const }));
      html = read.done ? read.value : null;
    }
    return diagnosticOf(this.step, note, this.snapshot, html, this.secrets);
  }

  async unrecognised(note: string): Promise<DriverFailure> {
    return {
      kind: 'unrecognised',
      error: PORTAL_ERRORS.unrecognised(),
      diagnostic: await this.diagnostic(note),
      fingerprint: this.snapshot ? fingerprintOf(this.step, this.snapshot, this.secrets) : null,
    };
  }

  /** A lookup failure known by the page's structure only: NOT_FOUND, with the page's fingerprint. */
  unwordedLookupFailure(): DriverFailure {
    const error = unwordedLookupFailure();
    return this.snapshot
      ? { kind: 'terminal', error, fingerprint: fingerprintOf(this.step, this.snapshot, this.secrets) }
      : { kind: 'terminal', error };
  }

  async fromCommonPage(common: CommonPage): Promise<DriverFailure> {
    switch (common.kind) {
      case 'lookup-failure':
        return { kind: 'terminal', error: lookupFailureError(common.failure) };
      case 'unavailable':
        return {
          kind: 'retryable',
          error: PORTAL_ERRORS.unavailable(),
          diagnostic: await this.diagnostic('unavailable page'),
        };
      case 'problem':
        return {
          kind: 'retryable',
          error: PORTAL_ERRORS.problemPage(),
          diagnostic: await this.diagnostic('error page'),
        };
      case 'session-ended':
        return {
          kind: 'retryable',
          error: PORTAL_ERRORS.sessionEnded(),
          diagnostic: await this.diagnostic('session ended page'),
        };
    }
  }

  timedOut(): DriverFailure {
    return {
      kind: 'retryable',
      error: PORTAL_ERRORS.timeout(),
      diagnostic: diagnosticOf(this.step, 'timed out', this.snapshot, null, this.secrets),
    };
  }

  /** A thrown error, classified: our browser gone, too slow, unreachable, page changed, or our fault. */
  async fromThrown(error: unknown): Promise<DriverFailure> {
    const message = error instanceof Error ? error.message : '';
    if (!this.session.browserConnected()) {
      return {
        kind: 'retryable',
        error: PORTAL_ERRORS.browserStopped(),
        diagnostic: diagnosticOf(this.step, 'the browser stopped', this.snapshot, null, this.secrets),
      };
    }
    if (error instanceof errors.TimeoutError || this.deadline.expired()) return this.timedOut();
    const net = /net::(ERR_[A-Z_]+)/.exec(message);
    if (net) {
      return {
        kind: 'retryable',
        error: PORTAL_ERRORS.unreachable(),
        diagnostic: diagnosticOf(this.step, `network error ${net[1]}`, this.snapshot, null, this.secrets),
      };
    }
    if (PAGE_CHANGED.test(message)) return this.unrecognised('the page changed under the driver');
    const kind = error instanceof Error ? error.name : typeof error;
    return {
      kind: 'retryable',
      error: PORTAL_ERRORS.driverFailed(),
      diagnostic: diagnosticOf(this.step, `driver error ${kind}`, this.snapshot, null, this.secrets),
    };
  }
}

/** A walk that met a session-ended page: the caller may start once more in a fresh session. */
const SESSION_ENDED = Symbol('session ended');

/**
 * Walks a service from its first page to its result: at each page, a portal error or lookup failure
 * ends the check; a result page is handed to `finish`; a known form page is filled and submitted;
 * anything else is an unrecognised page. The order of pages is not fixed, so optional pages (a "Start
 * now" interstitial, a question split over two pages) need no special case. A session that ends on
 * the way (an expired page, a missing cookie, a sign-out, on the service or its sign-in host) is
 * retried once from the entry in a fresh session (no cookies) before it counts as a failure.
 */
export async function driveCheck<Q extends BaseRequest, R>(
  flow: CheckFlow<Q>,
  request: Q,
  session: CheckSession,
  deadline: Deadline,
  entryUrl: string,
  finish: (run: CheckRun, page: PortalPage, snapshot: PageSnapshot) => Promise<Driven<R>>,
  timeStep: StepTimer = () => {},
): Promise<Driven<R>> {
  const run = new CheckRun(session, deadline, {
    shareCode: request.share_code,
    dateOfBirth: request.date_of_birth,
    // Everything else the driver may type (company, checker, job title, reason) is kept out too.
    typed: TYPED_FIELDS.flatMap((field) => {
      const value = (request as Record<string, unknown>)[field];
      return typeof value === 'string' ? [value] : [];
    }),
  });
  try {
    const first = await walk(run, flow, request, entryUrl, finish, timeStep);
    if (first !== SESSION_ENDED) return first;
    await session.restart();
    run.step = 'entry';
    const second = await walk(run, flow, request, entryUrl, finish, timeStep);
    if (second !== SESSION_ENDED) return second;
    return { ok: false, error: await run.fromCommonPage({ kind: 'session-ended' }) };
  } catch (error) {
    return { ok: false, error: await run.fromThrown(error) };
  }
}

async function walk<Q extends BaseRequest, R>(
  run: CheckRun,
  flow: CheckFlow<Q>,
  request: Q,
  entryUrl: string,
  finish: (run: CheckRun, page: PortalPage, snapshot: PageSnapshot) => Promise<Driven<R>>,
  timeStep: StepTimer,
): Promise<Driven<R> | typeof SESSION_ENDED> {
  const failed = (error: DriverFailure): Driven<R> => ({ ok: false, error });
  const deadline = run.deadline;
  /** Times a step that completed (a throw is the check's failure, counted with the check). */
  const timed = async <T>(step: string, work: Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await work;
    timeStep(step, (performance.now() - started) / 1000);
    return value;
  };
  const page = await run.session.openPage();
  run.page = page;
  await timed('entry', page.goto(entryUrl, deadline));
  const visits = new Map<string, number>();
  for (let pages = 0; pages < MAX_PAGES; pages += 1) {
    if (deadline.expired()) return failed(run.timedOut());
    const snapshot = await page.snapshot();
    run.snapshot = snapshot;
    const common = classifyCommonPage(snapshot);
    if (common?.kind === 'session-ended') return SESSION_ENDED;
    if (common) return failed(await run.fromCommonPage(common));
    if (snapshot.h1 !== null && sameText(snapshot.h1, flow.resultTitle)) {
      run.step = 'result';
      return await timed('result', finish(run, page, snapshot));
    }
    const step = flow.steps.find((s) => s.matches(snapshot));
    if (!step) return failed(await run.unrecognised('a page the driver does not know'));
    const seen = visits.get(step.name) ?? 0;
    run.step = step.name;
    if (seen > 0 && snapshot.errorSummary.length > 0) {
      // The date sent is always well formed (the request was validated): a refusal on this step,
      // whatever its words, is the portal not finding the code with that date.
      if (step.name === dateOfBirthStep.name) return failed(run.unwordedLookupFailure());
      return failed(await run.unrecognised('the portal refused the answer given on this step'));
    }
    if (seen >= MAX_VISITS_PER_STEP)
      return failed(await run.unrecognised('the same step came back again and again'));
    visits.set(step.name, seen + 1);
    if (!(await timed(step.name, step.act(page, snapshot, request, deadline))))
      return failed(await run.unrecognised('the page lacks a field or button this step needs'));
  }
  return failed(await run.unrecognised('too many pages before the result'));
}
