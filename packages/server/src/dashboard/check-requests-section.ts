import type { CheckRequestStatus } from '@sharecode/core/check-requests';
import { html, type SafeHtml } from '@sharecode/core/util';
import type { KeyMode } from '../accounts/api-key.js';
import { DASHBOARD_REQUESTS_LIMIT, type DashboardCheckRequest } from './check-requests-port.js';
import { csrfField, MODE_LABELS } from './layout.js';
import { type TagTone, tag, when } from './table-cells.js';

const KIND_LABELS: Readonly<Record<DashboardCheckRequest['kind'], string>> = {
  right_to_work: 'Right to work',
  right_to_rent: 'Right to rent',
  immigration_status: 'Immigration status',
};

const STATUS_TAGS: Readonly<Record<CheckRequestStatus, readonly [TagTone, string]>> = {
  waiting: ['wait', 'Waiting'],
  submitted: ['ok', 'Submitted'],
  locked: ['fail', 'Locked'],
  expired: ['fail', 'Expired'],
  cancelled: ['fail', 'Cancelled'],
};

function cancelCell(mode: KeyMode, csrf: string, request: DashboardCheckRequest): SafeHtml | string {
  if (request.status !== 'waiting') return '—';
  // Its check decides the request (and is charged if it succeeds): a cancel would be refused now.
  if (request.checkPending) return html`<span class="hint">Checking the details</span>`;
  return html`<form method="post" action="/dashboard/${mode}/check-requests/${request.id}/cancel" class="inline">
    ${csrfField(csrf)}
    <button type="submit" class="secondary" aria-label="Cancel request ${request.id}">Cancel</button>
  </form>`;
}

/**
 * The mode's check requests: what each asks, where it stands, when it ends, and a Cancel button for
 * those still waiting (confirmed on a page of its own). Never the applicant's data or the link.
 */
export function checkRequestsSection(
  mode: KeyMode,
  csrf: string,
  requests: readonly DashboardCheckRequest[],
  error?: string,
): SafeHtml {
  const intro = html`<h2 id="check-requests">Check requests</h2>
<p>The last ${DASHBOARD_REQUESTS_LIMIT} ${MODE_LABELS[mode].toLowerCase()} check requests: links an applicant fills in
(POST /api/check-requests). The results are read through the API; the applicant's details are not shown here.</p>
${error ? html`<p class="error-message" id="check-requests-error">${error}</p>` : ''}`;
  if (requests.length === 0) return html`${intro}<p id="no-check-requests">No check requests yet.</p>`;
  const rows = requests.map(
    (r) => html`<tr>
  <td><code>${r.id}</code></td>
  <td>${KIND_LABELS[r.kind]}</td>
  <td>${r.asker}</td>
  <td>${tag(STATUS_TAGS[r.status])}</td>
  <td>${r.failedAttempts}</td>
  <td>${when(r.createdAt)}</td>
  <td>${when(r.expiresAt)}</td>
  <td>${cancelCell(mode, csrf, r)}</td>
</tr>`,
  );
  return html`${intro}<table id="check-requests-table">
  <caption class="visually-hidden">Check requests, newest first</caption>
  <thead><tr><th scope="col">Request</th><th scope="col">Kind</th><th scope="col">Asked by</th><th scope="col">Status</th><th scope="col">Failed attempts</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}
