import { html, type SafeHtml } from '@sharecode/core/util';
import type { KeyMode } from '../accounts/api-key.js';

export interface FieldError {
  /** The id of the input the message is about (the summary links to it). */
  readonly field: string;
  readonly message: string;
}

export interface LayoutInput {
  readonly title: string;
  readonly body: SafeHtml;
  /** Signed in: the header shows the address and a sign-out button. */
  readonly signedIn?: { readonly email: string; readonly csrf: string };
  readonly errors?: readonly FieldError[];
}

export const MODE_LABELS: Readonly<Record<KeyMode, string>> = { live: 'Live', test: 'Sandbox' };

/** GOV.UK's error summary: first on the page, focused on load, each message linking to its field. */
export function errorSummary(errors: readonly FieldError[]): SafeHtml {
  if (errors.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
  <h2 id="error-summary-title">There is a problem</h2>
  <ul>${errors.map((e) => html`<li><a href="#${e.field}">${e.message}</a></li>`)}</ul>
</div>`;
}

export function page(input: LayoutInput): string {
  const errors = input.errors ?? [];
  const title = `${errors.length > 0 ? 'Error: ' : ''}${input.title} – ShareCode dashboard`;
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
  <div class="inner">
    <span class="service">ShareCode dashboard</span>
    ${
      input.signedIn
        ? html`<div class="who"><span>Signed in as ${input.signedIn.email}</span>
    <form method="post" action="/dashboard/sign-out" class="inline">
      <input type="hidden" name="csrf" value="${input.signedIn.csrf}">
      <button type="submit" class="link">Sign out</button>
    </form></div>`
        : ''
    }
  </div>
</header>
<main id="main" tabindex="-1">
${errorSummary(errors)}
${input.body}
</main>
</body>
</html>
`.value;
}

/** A text input with its label, hint and error message wired for screen readers. */
export function textField(input: {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'url' | 'email' | 'password';
  readonly value?: string;
  readonly hint?: string;
  readonly error?: string;
  readonly autocomplete?: string;
}): SafeHtml {
  const describedBy = [input.hint ? `${input.id}-hint` : '', input.error ? `${input.id}-error` : '']
    .filter((id) => id !== '')
    .join(' ');
  return html`<div class="field${input.error ? ' error' : ''}">
  <label for="${input.id}">${input.label}</label>
  ${input.hint ? html`<p class="hint" id="${input.id}-hint">${input.hint}</p>` : ''}
  ${input.error ? html`<p class="error-message" id="${input.id}-error"><span class="visually-hidden">Error:</span> ${input.error}</p>` : ''}
  <input id="${input.id}" name="${input.name}" type="${input.type ?? 'text'}" value="${input.value ?? ''}"${
    describedBy ? html` aria-describedby="${describedBy}"` : ''
  }${input.error ? html` aria-invalid="true"` : ''}${
    input.autocomplete ? html` autocomplete="${input.autocomplete}"` : ''
  } spellcheck="false">
</div>`;
}

export function csrfField(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}">`;
}
