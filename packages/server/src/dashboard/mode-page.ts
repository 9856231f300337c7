import { html, type SafeHtml } from '@sharecode/core/util';
import type { KeyMode } from '../accounts/api-key.js';
import type { PortalHealthReport } from '../health/portal-health.js';
import { describeAttempt } from '../webhooks/delivery-outcome.js';
import type { DeliveryRecord } from '../webhooks/webhook-ports.js';
import type { TestEventResult } from '../webhooks/webhooks-service.js';
import { checkRequestsSection } from './check-requests-section.js';
import type { ModeData } from './dashboard-service.js';
import { csrfField, type FieldError, MODE_LABELS, page, textField } from './layout.js';
import { portalHealthSection } from './portal-health-words.js';
import { recentChecksSection } from './recent-checks-section.js';
import { type TagTone, tag, when } from './table-cells.js';

export interface ModePageInput {
  readonly data: ModeData;
  readonly csrf: string;
  readonly errors?: readonly FieldError[];
  /** What the owner typed, shown again with an error. */
  readonly urlInput?: string;
  readonly testUrlInput?: string;
  readonly revealedSecret?: string;
  readonly rotatedSecret?: string;
  readonly testResult?: TestEventResult;
  readonly newKey?: string;
  readonly notice?: string;
  /** The portal driver's health, told on the live page; null or absent: not shown. */
  readonly portalHealth?: PortalHealthReport | null;
}

const DELIVERY_TAGS: Readonly<Record<DeliveryRecord['state'], readonly [TagTone, string]>> = {
  delivered: ['ok', 'Delivered'],
  pending: ['wait', 'Retrying'],
  given_up: ['fail', 'Given up'],
  failed: ['fail', 'Failed'],
};

function tabs(mode: KeyMode): SafeHtml {
  const tab = (m: KeyMode) =>
    html`<li><a href="/dashboard/${m}"${m === mode ? html` aria-current="page"` : ''}>${MODE_LABELS[m]}</a></li>`;
  return html`<nav aria-label="Mode"><ul class="tabs">${tab('live')}${tab('test')}<li><a href="/dashboard/billing">Billing</a></li></ul></nav>`;
}

function notice(input: ModePageInput): SafeHtml {
  const { mode } = input.data;
  if (input.newKey) {
    return html`<div class="notice" role="status" tabindex="-1" autofocus>
  <h2>Your new ${MODE_LABELS[mode].toLowerCase()} API key</h2>
  <p>Copy it now: it is shown this once and cannot be shown again.</p>
  <p><code class="secret" id="new-key">${input.newKey}</code></p>
</div>`;
  }
  if (input.rotatedSecret) {
    return html`<div class="notice" role="status" tabindex="-1" autofocus>
  <h2>Signing secret rotated</h2>
  <p>Every webhook from now on, retries included, is signed with this secret only. Update your receiver.</p>
  <p><code class="secret" id="rotated-secret">${input.rotatedSecret}</code></p>
</div>`;
  }
  if (input.testResult) {
    const { outcome, eventId } = input.testResult;
    // Green only for a delivery; a failed one is shown as the problem it is.
    const box = outcome.delivered
      ? html`<div class="notice" role="status" tabindex="-1" autofocus>`
      : html`<div class="notice notice-failed" role="alert" tabindex="-1" autofocus>`;
    return html`${box}
  <h2>Test event ${outcome.delivered ? 'delivered' : 'not delivered'}</h2>
  <p id="test-result">${describeAttempt(outcome)}, in ${outcome.durationMs} ms. Event <code>${eventId}</code>.</p>
</div>`;
  }
  if (input.notice) {
    return html`<div class="notice" role="status" tabindex="-1" autofocus><p>${input.notice}</p></div>`;
  }
  return html``;
}

function deliveriesTable(data: ModeData, csrf: string): SafeHtml {
  if (data.deliveries.length === 0) {
    return html`<p>No webhooks have been sent in ${MODE_LABELS[data.mode].toLowerCase()} mode in the last 7 days.</p>`;
  }
  const rows = data.deliveries.map((d) => {
    const resendable =
      d.type !== 'check.test' && d.state !== 'pending' && d.expiresAt.getTime() > data.now.getTime();
    const last =
      d.lastAttemptAt === null
        ? 'Not tried yet'
        : describeAttempt({ statusCode: d.lastStatusCode, errorClass: d.lastErrorClass });
    return html`<tr id="delivery-${d.id}">
  <td>${when(d.createdAt)}</td>
  <td><code>${d.type}</code></td>
  <td><code>${d.checkId}</code></td>
  <td>${d.attempts}${d.series > 1 ? html` <span class="hint">(resend ${d.series - 1})</span>` : ''}</td>
  <td>${d.lastStatusCode === null ? '—' : d.lastStatusCode}</td>
  <td>${last}${d.nextAttemptAt ? html`<br><span class="hint">Next try ${when(d.nextAttemptAt)}</span>` : ''}</td>
  <td>${tag(DELIVERY_TAGS[d.state])}</td>
  <td>${
    resendable
      ? html`<form method="post" action="/dashboard/${data.mode}/deliveries/${d.id}/resend" class="inline">
      ${csrfField(csrf)}<button type="submit" class="secondary">Resend<span class="visually-hidden"> the ${d.type} event of ${d.checkId}</span></button>
    </form>`
      : ''
  }</td>
</tr>`;
  });
  return html`<table>
  <caption class="visually-hidden">Recent deliveries, newest first</caption>
  <thead><tr><th scope="col">Queued</th><th scope="col">Event</th><th scope="col">Check</th><th scope="col">Attempts</th><th scope="col">Code</th><th scope="col">Last answer</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}

function keysTable(data: ModeData, csrf: string): SafeHtml {
  if (data.keys.length === 0)
    return html`<p>This account has no ${MODE_LABELS[data.mode].toLowerCase()} keys.</p>`;
  return html`<table>
  <caption class="visually-hidden">API keys</caption>
  <thead><tr><th scope="col">Key</th><th scope="col">Created</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
  <tbody>${data.keys.map(
    (key) => html`<tr>
    <td><code>${key.prefix}</code> <span class="hint">${key.id}</span></td>
    <td>${when(key.createdAt)}</td>
    <td>${tag(key.revokedAt ? ['fail', 'Revoked'] : ['ok', 'Active'])}</td>
    <td>${
      key.revokedAt
        ? ''
        : html`<form method="post" action="/dashboard/${data.mode}/keys/${key.id}/revoke" class="inline">
        ${csrfField(csrf)}<button type="submit" class="warning">Revoke<span class="visually-hidden"> key ${key.prefix}</span></button>
      </form>`
    }</td>
  </tr>`,
  )}</tbody>
</table>`;
}

function usageSection(data: ModeData): SafeHtml {
  if (data.mode === 'test') {
    return html`<p>Sandbox checks are not metered: they never count against your monthly allowance.</p>`;
  }
  const usage = data.usage;
  if (!usage) return html`<p>Usage is not available.</p>`;
  return html`<dl class="summary">
  <dt>Month</dt><dd>${usage.period} (plan ${usage.plan})</dd>
  <dt>Included checks</dt><dd>${usage.includedChecks}</dd>
  <dt>Used</dt><dd id="usage-used">${usage.used}</dd>
  <dt>In progress</dt><dd>${usage.inProgress}</dd>
  <dt>Beyond the included checks</dt><dd>${usage.overageChecks} (£${(usage.overagePence / 100).toFixed(2)})</dd>
</dl>`;
}

/** One mode's page: default URL, signing secret, test event, deliveries, keys and usage. */
export function modePage(input: ModePageInput): string {
  const { data, csrf } = input;
  const errors = input.errors ?? [];
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const label = MODE_LABELS[data.mode];
  return page({
    title: `${label}: webhooks and keys`,
    errors,
    signedIn: { email: data.account.email, csrf },
    body: html`${tabs(data.mode)}
${notice(input)}
<h1>${label}: webhooks and keys</h1>

<h2 id="default-url">Default callback URL</h2>
<p>Asynchronous ${label.toLowerCase()} checks sent without <code>callback_url</code> post their result here. Checks already
queued keep the URL they were queued with.</p>
${data.defaultUrl ? html`<p>Now: <code id="current-default-url">${data.defaultUrl}</code></p>` : html`<p id="current-default-url">None set: such checks are poll only.</p>`}
<form method="post" action="/dashboard/${data.mode}/callback-url" novalidate>
  ${csrfField(csrf)}
  ${textField({
    id: 'callback-url',
    name: 'url',
    label: 'Default callback URL',
    type: 'url',
    value: input.urlInput ?? data.defaultUrl ?? '',
    hint: 'An https address on the public internet, at most 2048 characters, with no user name or password.',
    error: errorOf('callback-url'),
  })}
  <button type="submit" name="action" value="save">Save URL</button>
  ${data.defaultUrl ? html`<button type="submit" name="action" value="clear" class="secondary">Remove URL</button>` : ''}
</form>

<h2 id="signing-secret">Signing secret</h2>
<p>Every ${label.toLowerCase()} webhook is signed with this secret (Standard Webhooks, <code>webhook-signature</code>).
Rotating it takes effect at once, retries included.</p>
${
  input.revealedSecret
    ? html`<p tabindex="-1" autofocus>Secret: <code class="secret" id="revealed-secret">${input.revealedSecret}</code></p>`
    : ''
}
<form method="post" action="/dashboard/${data.mode}/secret/reveal" class="inline">
  ${csrfField(csrf)}<button type="submit" class="secondary">Reveal secret</button>
</form>
<form method="post" action="/dashboard/${data.mode}/secret/rotate" class="inline">
  ${csrfField(csrf)}<button type="submit" class="warning">Rotate secret</button>
</form>

<h2 id="test-event">Send a test event</h2>
<p>Sends a signed <code>check.test</code> event with a fixed sandbox result, tried once.</p>
<form method="post" action="/dashboard/${data.mode}/test-event" novalidate>
  ${csrfField(csrf)}
  ${textField({
    id: 'test-url',
    name: 'url',
    label: 'URL to send it to (optional)',
    type: 'url',
    value: input.testUrlInput ?? '',
    hint: data.defaultUrl
      ? 'Leave it empty to use the default callback URL.'
      : 'No default URL is set, so type one.',
    error: errorOf('test-url'),
  })}
  <button type="submit">Send test event</button>
</form>

<h2 id="deliveries">Recent deliveries</h2>
<p>The last 50 webhooks of this mode, kept 7 days. A delivery given up after 8 attempts can be resent until
the check's result is deleted (7 days after the check).</p>
${errorOf('deliveries') ? html`<p class="error-message" id="deliveries-error">${errorOf('deliveries')}</p>` : ''}
${deliveriesTable(data, csrf)}

<h2 id="api-keys">API keys</h2>
${errorOf('api-keys') ? html`<p class="error-message" id="api-keys-error">${errorOf('api-keys')}</p>` : ''}
${keysTable(data, csrf)}
<form method="post" action="/dashboard/${data.mode}/keys">
  ${csrfField(csrf)}<button type="submit">Create a ${label.toLowerCase()} key</button>
</form>

${data.recentChecks ? recentChecksSection(data.mode, data.recentChecks) : ''}
${data.checkRequests ? checkRequestsSection(data.mode, csrf, data.checkRequests, errorOf('check-requests')) : ''}

<h2 id="usage">Usage this month</h2>
${usageSection(data)}
${portalHealthSection(input.portalHealth)}`,
  });
}
