import type { Deadline } from './deadline.js';
import { sameText } from './govuk-text.js';
import type { PageSnapshot, SnapshotAction, SnapshotControl } from './page-snapshot.js';
import type { PortalPage } from './portal-page.js';

/** The fields every check kind's request has. */
export interface BaseRequest {
  readonly share_code: string;
  readonly date_of_birth: string;
}

/**
 * One form page of a service. A step is recognised by the controls on the page (their labels, or
 * the ids seen on the real services), never by its URL, so optional and reordered pages still work.
 * `act` fills the page and submits it; it answers false when the page lacks what it needs.
 */
export interface FlowStep<Q> {
  readonly name: string;
  matches(snapshot: PageSnapshot): boolean;
  act(page: PortalPage, snapshot: PageSnapshot, request: Q, deadline: Deadline): Promise<boolean>;
}

const SUBMIT_NAMES = /^(continue|submit|save and continue|next|confirm)$/i;

/** Buttons that never send a step's answers. */
const NOT_SUBMIT = /^(accept|reject|hide|back|sign out|cancel|download|print|change|stay signed in)\b/i;

/**
 * The page's submit button: "Continue" (or the like), else the scrapers' `#submit`, else the page's
 * only button (right to work's company-name submit is an <input> whose text no source records).
 */
export function submitAction(snapshot: PageSnapshot): SnapshotAction | undefined {
  const buttons = snapshot.actions.filter((a) => a.role === 'button' && !NOT_SUBMIT.test(a.name));
  return (
    buttons.find((a) => SUBMIT_NAMES.test(a.name)) ??
    snapshot.actions.find((a) => a.id === 'submit') ??
    (buttons.length === 1 ? buttons[0] : undefined)
  );
}

export function textControl(
  snapshot: PageSnapshot,
  label: RegExp,
  ids: readonly string[] = [],
): SnapshotControl | undefined {
  return snapshot.controls.find(
    (c) => c.kind === 'text' && (label.test(c.label) || ids.includes(c.id) || ids.includes(c.name)),
  );
}

export function radio(
  snapshot: PageSnapshot,
  label: RegExp | string,
  ids: readonly string[] = [],
): SnapshotControl | undefined {
  return snapshot.controls.find(
    (c) =>
      c.kind === 'radio' &&
      ((typeof label === 'string' ? sameText(c.label, label) : label.test(c.label)) || ids.includes(c.id)),
  );
}

/** Fills text fields, then submits the page and waits for the next one. */
export async function fillAndSubmit(
  page: PortalPage,
  snapshot: PageSnapshot,
  fields: readonly (readonly [SnapshotControl | undefined, string])[],
  deadline: Deadline,
): Promise<boolean> {
  const submit = submitAction(snapshot);
  if (!submit) return false;
  const fill: [SnapshotControl, string][] = [];
  for (const [control, value] of fields) {
    if (!control) return false;
    fill.push([control, value]);
  }
  return page.answer({ fill, check: [], submit }, deadline);
}

const shareCodeField = (s: PageSnapshot) => textControl(s, /share code/i, ['shareCode']);

export const shareCodeStep: FlowStep<BaseRequest> = {
  name: 'share-code',
  matches: (s) => shareCodeField(s) !== undefined,
  act: (page, s, request, deadline) =>
    fillAndSubmit(page, s, [[shareCodeField(s), request.share_code]], deadline),
};

const dateFields = (s: PageSnapshot) => [
  textControl(s, /^day$/i, ['dob-day']),
  textControl(s, /^month$/i, ['dob-month']),
  textControl(s, /^year$/i, ['dob-year']),
];

export const dateOfBirthStep: FlowStep<BaseRequest> = {
  name: 'date-of-birth',
  matches: (s) => dateFields(s).every((c) => c !== undefined),
  act: (page, s, request, deadline) => {
    const [year = '', month = '', day = ''] = request.date_of_birth.split('-');
    const [dayField, monthField, yearField] = dateFields(s);
    // GOV.UK date inputs take plain numbers; the real scrapers drop leading zeros.
    return fillAndSubmit(
      page,
      s,
      [
        [dayField, String(Number(day))],
        [monthField, String(Number(month))],
        [yearField, year],
      ],
      deadline,
    );
  },
};

const startNow = (s: PageSnapshot) =>
  s.controls.some((c) => c.kind === 'text' || c.kind === 'radio')
    ? undefined
    : s.actions.find((a) => START.test(a.name));

// "Start now" on the GOV.UK start pages and the historic interstitial; the right-to-work start page's
// link reads "View a job applicant's right to work details" (portal.md 1.1).
const START = /^(start now|view a job applicant['’]s right to work details)$/i;

/** A GOV.UK start page or the historic right-to-work "Start now" page: follow the start button. */
export const startNowStep: FlowStep<BaseRequest> = {
  name: 'start-now',
  matches: (s) => startNow(s) !== undefined,
  act: (page, s, _request, deadline) => {
    const action = startNow(s);
    return action ? page.answer({ fill: [], check: [], submit: action }, deadline) : Promise.resolve(false);
  },
};
