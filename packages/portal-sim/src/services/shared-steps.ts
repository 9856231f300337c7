import type { Outcome } from '@sharecode/core';
import { errorFor, type FieldError } from '../forms/field-error.js';
import { type DateProblem, validateDateOfBirth } from '../forms/validate-date-of-birth.js';
import { validateShareCode } from '../forms/validate-share-code.js';
import { type LookupFailure, lookupPerson } from '../lookup/lookup-person.js';
import type { SimPerson } from '../seed/person.js';
import { redirectResponse, type SimRequest, type SimResponse } from '../server/http-types.js';
import type { Session } from '../session/session-store.js';
import { type CalendarDate, ukToday } from '../util/dates.js';
import { type FailureWording, failureWording } from './lookup-wording.js';
import type { ServiceKit } from './service-kit.js';

/** The answers every service collects first. */
export interface CodeAndDateState {
  shareCode?: string;
  dob?: { day: string; month: string; year: string };
  /** Share code of the person the lookup matched. */
  matched?: string;
}

export interface ShareCodePageText {
  readonly title: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly hint: string;
}

export function renderShareCode<S extends CodeAndDateState>(
  kit: ServiceKit<S>,
  req: SimRequest,
  session: Session<S>,
  text: ShareCodePageText,
  options: { value?: string; errors?: readonly FieldError[]; setCookies?: readonly string[] } = {},
): SimResponse {
  const errors = options.errors ?? [];
  return kit.page(
    'pages/share-code.njk',
    req,
    {
      action: kit.entryUrl,
      heading: text.heading,
      paragraphs: text.paragraphs,
      hint: text.hint,
      values: { shareCode: options.value ?? session.state.shareCode ?? '' },
      fieldErrors: { shareCode: errorFor(errors, 'shareCode') },
    },
    { title: text.title, errors, session, setCookies: options.setCookies ?? [] },
  );
}

/** The first step's GET: always a fresh session, as opening the start of a service does. */
export function startShareCode<S extends CodeAndDateState>(
  kit: ServiceKit<S>,
  req: SimRequest,
  text: ShareCodePageText,
): SimResponse {
  const { session, cookie } = kit.startSession();
  return renderShareCode(kit, req, session, text, { setCookies: [cookie] });
}

/** INVENTED (entryPage "redesigned"): an entry page no driver knows, with a fresh session. */
export function redesignedEntry<S>(kit: ServiceKit<S>, req: SimRequest): SimResponse {
  const { session, cookie } = kit.startSession();
  return kit.page(
    'pages/redesigned-entry.njk',
    req,
    { action: kit.entryUrl, csrfName: '_csrf' },
    { title: 'Verify a digital immigration record', session, setCookies: [cookie] },
  );
}

/** The first step's POST: a valid code is kept and the flow moves on. */
export function submitShareCode<S extends CodeAndDateState>(
  kit: ServiceKit<S>,
  req: SimRequest,
  session: Session<S>,
  text: ShareCodePageText,
  next: string,
): SimResponse {
  const raw = req.form.get('shareCode');
  const code = validateShareCode(raw);
  if (!code.ok) {
    return renderShareCode(kit, req, session, text, {
      value: raw ?? '',
      errors: [{ field: 'shareCode', message: code.error }],
    });
  }
  session.state = { ...session.state, shareCode: code.value, dob: undefined, matched: undefined };
  return redirectResponse(kit.url(next));
}

export interface DatePageOptions {
  readonly values?: { day: string; month: string; year: string };
  readonly problem?: DateProblem;
  /** Lookup failures shown in the summary (view-immigration-status). */
  readonly extraErrors?: readonly FieldError[];
  readonly status?: number;
}

export function renderDateOfBirth<S extends CodeAndDateState>(
  kit: ServiceKit<S>,
  req: SimRequest,
  session: Session<S>,
  options: DatePageOptions = {},
): SimResponse {
  const values = options.values ?? session.state.dob ?? { day: '', month: '', year: '' };
  const problem = options.problem;
  const errors: FieldError[] = [...(options.extraErrors ?? [])];
  if (problem) errors.push({ field: `dob-${problem.parts[0] ?? 'day'}`, message: problem.message });
  const mismatch = options.extraErrors?.find((e) => e.field === 'dob-day');
  return kit.page(
    'pages/date-of-birth.njk',
    req,
    {
      action: kit.url(dateOfBirthPath(kit)),
      backHref: kit.entryUrl,
      values,
      dobError:
        problem ??
        (mismatch
          ? { message: mismatch.message, parts: ['day', 'month', 'year'] }
          : { message: '', parts: [] }),
    },
    { title: 'What is their date of birth?', errors, session, status: options.status ?? 200 },
  );
}

/** Every service keeps the date of birth one step below its entry path. */
export function dateOfBirthPath<S>(kit: ServiceKit<S>): string {
  return kit.info.entryPath === '/view/start' ? '/view/date-of-birth' : `${kit.info.entryPath}/date-of-birth`;
}

export type DateSubmission =
  | { readonly kind: 'answered'; readonly response: SimResponse }
  | { readonly kind: 'looked-up'; readonly result: Outcome<SimPerson, LookupFailure> };

/** Validates the date, then looks the share code up with it. */
export function submitDateOfBirth<S extends CodeAndDateState>(
  kit: ServiceKit<S>,
  req: SimRequest,
  session: Session<S>,
  shareCode: string,
): DateSubmission {
  const values = {
    day: req.form.get('dob-day') ?? '',
    month: req.form.get('dob-month') ?? '',
    year: req.form.get('dob-year') ?? '',
  };
  const now = kit.runtime.now();
  const today: CalendarDate = ukToday(now);
  const date = validateDateOfBirth(values, today);
  if (!date.ok)
    return {
      kind: 'answered',
      response: renderDateOfBirth(kit, req, session, { values, problem: date.error }),
    };
  session.state = { ...session.state, dob: values };
  const result = lookupPerson({
    shareCode,
    dateOfBirth: date.value,
    kind: kit.info.kind,
    people: kit.runtime.people,
    lockout: kit.runtime.lockout,
    today,
    nowMs: now.getTime(),
    validityDays: kit.runtime.settings.shareCodeValidityDays,
  });
  if (result.ok) session.state = { ...session.state, matched: result.value.shareCode };
  return { kind: 'looked-up', result };
}

/** The person a session's lookup matched, if it got that far. */
export function matchedPerson<S extends CodeAndDateState>(
  kit: ServiceKit<S>,
  session: Session<S>,
): SimPerson | undefined {
  return session.state.matched === undefined ? undefined : kit.runtime.people.get(session.state.matched);
}

/** A failed lookup's wording, in the variants of the person the share code names (if any). */
export function lookupWording<S>(
  kit: ServiceKit<S>,
  failure: LookupFailure,
  shareCode: string | undefined,
): FailureWording {
  const { runtime } = kit;
  const who = shareCode ? runtime.people.get(shareCode) : undefined;
  return failureWording(
    failure,
    kit.info.kind,
    runtime.settings.shareCodeValidityDays,
    runtime.variantsFor(who),
  );
}

/**
 * The page a failed lookup ends on when it is a page of its own (right to work's "Details do not
 * match our records", and the same by analogy on right to rent): its wording and a way back.
 */
export function lookupFailurePage<S>(kit: ServiceKit<S>, req: SimRequest, w: FailureWording): SimResponse {
  return kit.message(
    {
      status: 200,
      title: w.heading,
      heading: w.heading,
      headingSize: 'xl',
      paragraphs: w.paragraphs,
      button: { text: 'Try again', href: kit.entryUrl, id: 'try-again' },
    },
    req,
  );
}
