import type { CheckKind } from '../check-kind.js';
import { html, SafeHtml } from '../util/html.js';
import { formBody, formHeading } from './applicant-form-page.js';
import { APPLICANT_PAGE_CSS } from './applicant-page-css.js';
import { closedWords, serviceName, testLinkWords, waitWords } from './applicant-page-words.js';
import type { ApplicantView, RenderedApplicantPage } from './applicant-view.js';

/** The applicant's page loads nothing and runs nothing; the token in its URL goes nowhere. */
export const APPLICANT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
};

// The stylesheet is a constant of this package, never input: interpolated as is.
const STYLE = new SafeHtml(APPLICANT_PAGE_CSS);

const STATUS: Readonly<Record<ApplicantView['page'], number>> = {
  form: 200,
  checking: 200,
  sent: 200,
  closed: 410,
  not_found: 404,
  unavailable: 503,
  too_many: 429,
};

interface PageParts {
  heading: string;
  kind: CheckKind | null;
  body: SafeHtml;
  hasErrors?: boolean;
  /** The checking page reloads itself here (no JavaScript). */
  refresh?: { seconds: number; url: string };
  /** A test key's link: a warning first on the page, naming who is testing (null: not a test link). */
  testAsker?: string | null;
}

/** GOV.UK's warning text, first in <main>, on every page of a test key's link. */
function testLinkWarning(asker: string | null): SafeHtml {
  return html`<div class="warning test-link" id="test-link-warning"><span class="icon" aria-hidden="true">!</span><strong><span class="visually-hidden">Warning: </span>${testLinkWords(asker)}</strong></div>`;
}

/** Who is testing, when the view is of a test key's link; undefined otherwise. */
function testAskerOf(view: ApplicantView): string | null | undefined {
  if (view.page === 'form' || view.page === 'checking' || view.page === 'sent') {
    return view.request.mode === 'test' ? view.request.asker : undefined;
  }
  if (view.page === 'closed') return view.mode === 'test' ? view.asker : undefined;
  return undefined;
}

function document(parts: PageParts): string {
  const title = `${parts.hasErrors ? 'Error: ' : ''}${parts.heading} – ${serviceName(parts.kind)}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
${parts.refresh ? html`<meta http-equiv="refresh" content="${parts.refresh.seconds};url=${parts.refresh.url}">` : ''}
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="site-header"><div class="inner">${serviceName(parts.kind)}</div></header>
<main id="main">
${parts.testAsker === undefined ? '' : testLinkWarning(parts.testAsker)}
${parts.body}
</main>
</body>
</html>
`.value;
}

function retrySeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 60;
}

function parts(view: ApplicantView): PageParts {
  switch (view.page) {
    case 'form':
      return {
        heading: formHeading(view.request.kind),
        kind: view.request.kind,
        body: formBody(view),
        hasErrors: view.errors.length > 0,
      };
    case 'checking': {
      const seconds = Math.max(1, Math.round(view.refreshSeconds));
      return {
        heading: 'Checking your details',
        kind: view.request.kind,
        refresh: { seconds, url: view.action },
        body: html`<h1>Checking your details</h1>
<p>This usually takes less than a minute. This page updates by itself every ${seconds} second${seconds === 1 ? '' : 's'}.</p>
<p><a href="${view.action}">Check again now</a></p>`,
      };
    }
    case 'sent':
      return {
        heading: `Your details have been sent to ${view.request.asker}`,
        kind: view.request.kind,
        body: html`<div class="panel"><h1>Your details have been sent to ${view.request.asker}</h1></div>
<p>${view.request.asker} will tell you if they need anything else.</p>
<p>You can close this page.</p>`,
      };
    case 'closed': {
      const words = closedWords(view.reason, view.asker);
      return {
        heading: words.heading,
        kind: null,
        body: html`<h1>${words.heading}</h1>${words.lines.map((line) => html`<p>${line}</p>`)}`,
      };
    }
    case 'not_found':
      return {
        heading: 'Page not found',
        kind: null,
        body: html`<h1>Page not found</h1>
<p>Check the link you were sent. If you typed or pasted it, check it is complete and correct.</p>
<p>If it still does not work, ask the person who sent it to you for a new link.</p>`,
      };
    case 'unavailable':
      return {
        heading: 'Sorry, the service is unavailable',
        kind: null,
        body: html`<h1>Sorry, the service is unavailable</h1>
<p>Try again in ${waitWords(retrySeconds(view.retryAfterSeconds))}.</p>
<p>Your link still works. Nothing has been sent.</p>`,
      };
    case 'too_many':
      return {
        heading: 'Wait before you try again',
        kind: null,
        body: html`<h1>Wait before you try again</h1>
<p>There have been too many tries in a short time. Try again in ${waitWords(retrySeconds(view.retryAfterSeconds))}.</p>
<p>Nothing has been sent, and this does not count as a wrong attempt.</p>`,
      };
  }
}

/**
 * The applicant's page for a view: its status, its headers (the security headers, and Retry-After
 * when the page says to wait) and its HTML. Pure: the service and the sandbox serve the same bytes.
 */
export function renderApplicantPage(view: ApplicantView): RenderedApplicantPage {
  const headers: Record<string, string> = { ...APPLICANT_PAGE_HEADERS };
  if (view.page === 'unavailable' || view.page === 'too_many') {
    headers['Retry-After'] = String(retrySeconds(view.retryAfterSeconds));
  }
  const testAsker = testAskerOf(view);
  return {
    status: STATUS[view.page],
    headers,
    html: document({ ...parts(view), ...(testAsker === undefined ? {} : { testAsker }) }),
  };
}
