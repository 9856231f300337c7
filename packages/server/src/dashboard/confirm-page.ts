import { html, type SafeHtml } from '@sharecode/core/util';
import type { KeyMode } from '../accounts/api-key.js';
import { csrfField, MODE_LABELS, page } from './layout.js';

// A second step for actions that cannot be undone (revoking a key, rotating a signing secret). The
// dashboard runs no script (its CSP forbids them), so the step is a page: the first press of the
// button lands here, and only this page's form, carrying confirm=yes, acts.

export interface ConfirmInput {
  readonly mode: KeyMode;
  readonly email: string;
  readonly csrf: string;
  readonly title: string;
  /** What happens, in sentences. */
  readonly consequences: SafeHtml;
  /** Where the confirming form posts (the action's own address). */
  readonly action: string;
  readonly confirmLabel: string;
}

/** The form field that marks a confirmed post. */
export const CONFIRM_FIELD = 'confirm';

export function confirmPage(input: ConfirmInput): string {
  return page({
    title: input.title,
    signedIn: { email: input.email, csrf: input.csrf },
    body: html`<h1>${input.title}</h1>
${input.consequences}
<form method="post" action="${input.action}" class="inline">
  ${csrfField(input.csrf)}
  <input type="hidden" name="${CONFIRM_FIELD}" value="yes">
  <button type="submit" class="warning">${input.confirmLabel}</button>
</form>
<a class="cancel" href="/dashboard/${input.mode}">Cancel, back to ${MODE_LABELS[input.mode]}</a>`,
  });
}

export function revokeKeyConsequences(prefix: string): SafeHtml {
  return html`<p>Key <code>${prefix}</code> will stop working at once: every request made with it gets
<code>401 INVALID_KEY</code>. This cannot be undone; you can create a new key afterwards.</p>`;
}

export function rotateSecretConsequences(mode: KeyMode): SafeHtml {
  return html`<p>A new ${MODE_LABELS[mode].toLowerCase()} signing secret replaces the current one at once.
Every webhook from then on, retries included, is signed with the new secret only, so your receiver
refuses them until you give it the new secret. This cannot be undone.</p>`;
}
