import type { CheckKind } from '../check-kind.js';
import { kindInfo } from '../check-kind.js';
import { html, type SafeHtml } from '../util/html.js';
import type { ApplicantField, ApplicantFieldError } from './applicant-form.js';
import { attemptsWords, exampleShareCode, SHARE_CODE_SERVICES, ukDateTime } from './applicant-page-words.js';
import type { ApplicantRequestSummary, ApplicantView } from './applicant-view.js';
import { aKindTitle } from './kind-words.js';
import { MAX_FAILED_ATTEMPTS } from './request-rules.js';

export type FormView = Extract<ApplicantView, { page: 'form' }>;

const DATE_FIELDS: readonly { field: ApplicantField; label: string; part: string; width: string }[] = [
  { field: 'dob_day', label: 'Day', part: 'day', width: 'day' },
  { field: 'dob_month', label: 'Month', part: 'month', width: 'month' },
  { field: 'dob_year', label: 'Year', part: 'year', width: 'year' },
];

/** GOV.UK's error summary: first in <main>, focused on load, each message linking to its field's id. */
export function errorSummary(errors: readonly ApplicantFieldError[]): SafeHtml {
  if (errors.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>${errors.map((e) => html`<li><a href="#${e.field}">${e.message}</a></li>`)}</ul>
</div>`;
}

/** Who is asking and why: the only things the page says about the request. */
export function askingSection(request: ApplicantRequestSummary): SafeHtml {
  const service = SHARE_CODE_SERVICES[request.kind];
  const details: [string, string][] = [];
  if (request.purpose) details.push(['Reason for the check', request.purpose]);
  if (request.jobTitle) details.push(['Job title of the person checking', request.jobTitle]);
  return html`<p class="lead">${request.asker} has asked you to prove ${service.proves}.</p>
${
  details.length > 0
    ? html`<dl class="summary">${details.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>`
    : ''
}
<p>This link works until ${ukDateTime(request.expiresAt)}.</p>`;
}

function whereFromSection(request: ApplicantRequestSummary): SafeHtml {
  const service = SHARE_CODE_SERVICES[request.kind];
  const letter = kindInfo(request.kind).shareCodeLetter;
  return html`<h2>Get your share code</h2>
<p>Get a share code from the GOV.UK service <a href="${service.url}" rel="noreferrer noopener" target="_blank">${service.name} (opens in new tab)</a>. Sign in, choose to share your status, and GOV.UK shows you a share code. ${aKindTitle(request.kind, true)} share code starts with ${letter}.</p>`;
}

function notices(view: FormView): SafeHtml {
  const attempts = attemptsWords(view.attemptsLeft, MAX_FAILED_ATTEMPTS);
  return html`${
    view.notice === 'not_now'
      ? html`<div class="notice" role="region" aria-labelledby="notice-title">
<h2 id="notice-title">Important</h2>
<p>We could not check your details just now. Nothing you entered was wrong. Try again in a few minutes.</p>
</div>`
      : ''
  }${
    attempts
      ? html`<div class="warning"><span class="icon" aria-hidden="true">!</span><strong><span class="visually-hidden">Warning: </span>${attempts}</strong></div>`
      : ''
  }`;
}

function errorMessage(id: string, messages: readonly string[]): SafeHtml {
  if (messages.length === 0) return html``;
  return html`<p class="error-message" id="${id}">${messages.map(
    (m, i) => html`${i > 0 ? html`<br>` : ''}<span class="visually-hidden">Error:</span> ${m}`,
  )}</p>`;
}

function describedBy(...ids: (string | false)[]): string {
  return ids.filter((id): id is string => id !== false).join(' ');
}

function shareCodeField(view: FormView): SafeHtml {
  const messages = view.errors.filter((e) => e.field === 'share_code').map((e) => e.message);
  const invalid = messages.length > 0;
  return html`<div class="field${invalid ? ' error' : ''}">
<label for="share_code">Share code</label>
<p class="hint" id="share_code-hint">9 letters and numbers, like ${exampleShareCode(view.request.kind)}</p>
${errorMessage('share_code-error', messages)}
<input class="share-code${invalid ? ' error' : ''}" id="share_code" name="share_code" type="text" value="${view.values.share_code}" aria-describedby="${describedBy('share_code-hint', invalid && 'share_code-error')}"${invalid ? html` aria-invalid="true"` : ''} autocomplete="off" autocapitalize="characters" spellcheck="false">
</div>`;
}

/** The date inputs at fault: the ones an error names ("must include a day"), else all three. */
function datePartsAtFault(errors: readonly ApplicantFieldError[]): Set<ApplicantField> {
  const atFault = new Set<ApplicantField>();
  for (const error of errors) {
    const named = DATE_FIELDS.filter((d) => error.message.includes(`a ${d.part}`)).map((d) => d.field);
    if (error.message.startsWith('Date of birth must include') && named.length > 0) {
      for (const field of named) atFault.add(field);
    } else if (error.field !== 'dob_day') {
      atFault.add(error.field);
    } else {
      for (const d of DATE_FIELDS) atFault.add(d.field);
    }
  }
  return atFault;
}

function dateOfBirthField(view: FormView): SafeHtml {
  const errors = view.errors.filter((e) => e.field !== 'share_code');
  const atFault = datePartsAtFault(errors);
  const invalid = errors.length > 0;
  return html`<div class="field${invalid ? ' error' : ''}">
<fieldset role="group" aria-describedby="${describedBy('dob-hint', invalid && 'dob-error')}">
<legend>Date of birth</legend>
<p class="hint" id="dob-hint">For example, 27 3 1990</p>
${errorMessage(
  'dob-error',
  errors.map((e) => e.message),
)}
<div class="date-input">${DATE_FIELDS.map(
    (d) => html`<div class="item ${d.width}">
<label for="${d.field}">${d.label}</label>
<input class="${atFault.has(d.field) ? 'error' : ''}" id="${d.field}" name="${d.field}" type="text" inputmode="numeric" value="${view.values[d.field]}" autocomplete="bday-${d.part}"${atFault.has(d.field) ? html` aria-invalid="true"` : ''}>
</div>`,
  )}</div>
</fieldset>
</div>`;
}

export function formHeading(kind: CheckKind): string {
  return `Share your ${kindInfo(kind).title.toLowerCase()} details`;
}

/** The form page's <main> content: who asks, where the code comes from, the two questions. */
export function formBody(view: FormView): SafeHtml {
  return html`${errorSummary(view.errors)}
<h1>${formHeading(view.request.kind)}</h1>
${askingSection(view.request)}
${whereFromSection(view.request)}
<h2>Enter your details</h2>
${notices(view)}
<form method="post" action="${view.action}" novalidate>
<input type="hidden" name="csrf" value="${view.csrf}">
${shareCodeField(view)}
${dateOfBirthField(view)}
<p>We use your share code and date of birth only to make this check. The result goes to ${view.request.asker}.</p>
<button type="submit">Send</button>
</form>`;
}
