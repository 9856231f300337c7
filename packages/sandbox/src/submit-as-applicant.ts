import type { ApplicantPhase } from '@sharecode/core/check-requests';
import { APPLICANT_PATH_PREFIX, type ApplicantFieldError } from '@sharecode/core/check-requests';
import { checkSettled, phaseOf, requestByToken, submitForm } from './applicant-flow.js';
import type { SandboxContext } from './sandbox-context.js';

/**
 * What the applicant types: the share code, and the date of birth as `YYYY-MM-DD` or as its three
 * boxes (strings as typed, or numbers: `{ day: 2, month: 1, year: 1990 }`).
 */
export interface ApplicantDetailsInput {
  shareCode: string;
  dateOfBirth: string | { day: string | number; month: string | number; year: string | number };
}

/**
 * What the applicant's page would have shown after they sent the form (never the check's result):
 *
 * - `sent`: the check succeeded; the request is `submitted` (page 200).
 * - `error`: the form again with `errors` (a field and its message each): a typo (no attempt spent),
 *   or a failed attempt (a code not found, a date of birth that does not match, a code of another
 *   kind), with the `attemptsLeft`.
 * - `try_later`: the check could not be made or ended for a reason not theirs (the portal timed
 *   out, the service was busy): no attempt spent; the request stays `waiting`.
 * - `locked`: that was the third failed attempt (page 410).
 * - `closed`: the link was already used, expired or cancelled (`reason`; page 410).
 * - `not_found`: no request has this link (page 404).
 */
export type ApplicantOutcome =
  | { outcome: 'sent'; status: 200; asker: string }
  | { outcome: 'error'; status: 200; errors: ApplicantFieldError[]; attemptsLeft: number }
  | { outcome: 'try_later'; status: 200; attemptsLeft: number }
  | { outcome: 'locked'; status: 410 }
  | { outcome: 'closed'; status: 410; reason: 'submitted' | 'expired' | 'cancelled' }
  | { outcome: 'not_found'; status: 404 };

function usage(message: string): TypeError {
  return new TypeError(`submitAsApplicant: ${message}`);
}

function tokenOf(urlOrRequest: string | { url: string | null }, baseUrl: string): string {
  const url = typeof urlOrRequest === 'string' ? urlOrRequest : urlOrRequest?.url;
  if (typeof url !== 'string') {
    throw usage(
      "pass the request's url, or the request createCheckRequest answered (its url is shown only there; a request read later has url null).",
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url, `${baseUrl}/`);
  } catch {
    throw usage(`${JSON.stringify(url)} is not a link of this sandbox.`);
  }
  const prefix = `${new URL(baseUrl).pathname.replace(/\/$/, '')}${APPLICANT_PATH_PREFIX}`;
  if (parsed.origin !== new URL(baseUrl).origin || !parsed.pathname.startsWith(prefix)) {
    throw usage(`the link is not under this sandbox's base URL (${baseUrl}${APPLICANT_PATH_PREFIX}...).`);
  }
  return parsed.pathname.slice(prefix.length);
}

const DATE_USAGE =
  'dateOfBirth must be "YYYY-MM-DD" (such as "1990-01-01"), or { day, month, year } as typed into the page, each a string or a whole number (such as { day: 1, month: 1, year: 1990 }).';

/** One box of the date as typed: a string as is, a whole number in digits; anything else is refused. */
function box(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
  throw usage(DATE_USAGE);
}

function dateBoxes(date: unknown): { day: string; month: string; year: string } {
  if (typeof date === 'object' && date !== null) {
    const { day, month, year } = date as Record<string, unknown>;
    return { day: box(day), month: box(month), year: box(year) };
  }
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) throw usage(DATE_USAGE);
  const [, year = '', month = '', day = ''] = match;
  return { day, month, year };
}

function outcomeOf(phase: ApplicantPhase): ApplicantOutcome {
  switch (phase.page) {
    case 'sent':
      return { outcome: 'sent', status: 200, asker: phase.request.asker };
    case 'form':
      return phase.errors.length === 0
        ? { outcome: 'try_later', status: 200, attemptsLeft: phase.attemptsLeft }
        : { outcome: 'error', status: 200, errors: phase.errors, attemptsLeft: phase.attemptsLeft };
    case 'closed':
      return phase.reason === 'locked'
        ? { outcome: 'locked', status: 410 }
        : { outcome: 'closed', status: 410, reason: phase.reason };
    case 'not_found':
      return { outcome: 'not_found', status: 404 };
  }
  // `checking`: not reached, the helper waits for the check to end.
  throw new Error('submitAsApplicant: the check is still running');
}

/**
 * Plays the applicant of a check request: fills in its page's form and sends it, through the same
 * rules as the page (no CSRF: the helper is not a browser), and waits for the sandbox check it
 * makes to end (on the sandbox's timers: advance fake timers if you use them).
 */
export async function submitAsApplicant(
  sandbox: SandboxContext,
  urlOrRequest: string | { url: string | null },
  details: ApplicantDetailsInput,
): Promise<ApplicantOutcome> {
  const token = tokenOf(urlOrRequest, sandbox.options.baseUrl);
  if (typeof details?.shareCode !== 'string')
    throw usage('shareCode must be a string, as typed into the page.');
  const date = dateBoxes(details.dateOfBirth);
  const now = sandbox.options.now();
  const stored = await requestByToken(sandbox, token, now);
  if (!stored) return { outcome: 'not_found', status: 404 };
  const submitted = submitForm(
    sandbox,
    stored,
    { share_code: details.shareCode, dob_day: date.day, dob_month: date.month, dob_year: date.year },
    now,
  );
  if (!submitted.checkMade && submitted.phase.page !== 'checking') return outcomeOf(submitted.phase);
  await checkSettled(sandbox, stored);
  return outcomeOf(phaseOf(stored, sandbox.options.now()));
}
