import { html, type SafeHtml } from '@sharecode/core/util';
import type { KeyMode } from '../accounts/api-key.js';
import { MODE_LABELS } from './layout.js';
import { RECENT_CHECKS_DAYS, RECENT_CHECKS_LIMIT, type RecentCheck } from './recent-checks-port.js';
import { type TagTone, tag, when } from './table-cells.js';

const KIND_LABELS: Readonly<Record<string, string>> = {
  right_to_work: 'Right to work',
  right_to_rent: 'Right to rent',
  immigration_status: 'Immigration status',
};

const STATUS_TAGS: Readonly<Record<RecentCheck['status'], readonly [TagTone, string]>> = {
  queued: ['wait', 'Queued'],
  running: ['wait', 'Running'],
  succeeded: ['ok', 'Succeeded'],
  failed: ['fail', 'Failed'],
};

/** The owner's recent checks of one mode: ids, kinds, states and error codes, never personal data. */
export function recentChecksSection(mode: KeyMode, checks: readonly RecentCheck[]): SafeHtml {
  const intro = html`<h2 id="recent-checks">Recent checks</h2>
<p>The last ${RECENT_CHECKS_LIMIT} ${MODE_LABELS[mode].toLowerCase()} checks of the past ${RECENT_CHECKS_DAYS} days: what was checked and how
it ended, never who (share codes, names and results are not shown here). Asynchronous checks are listed
for 30 days; synchronous live checks for the 7 days their copy is kept (sandbox ones are not kept).</p>`;
  if (checks.length === 0) return html`${intro}<p id="no-recent-checks">No checks in this period.</p>`;
  const rows = checks.map(
    (check) => html`<tr>
  <td><code>${check.id}</code></td>
  <td>${KIND_LABELS[check.kind] ?? check.kind}</td>
  <td>${check.way === 'async' ? 'Asynchronous' : 'Synchronous'}</td>
  <td>${tag(STATUS_TAGS[check.status])}</td>
  <td>${check.errorCode === null ? '—' : html`<code>${check.errorCode}</code>`}</td>
  <td>${when(check.createdAt)}</td>
  <td>${when(check.completedAt)}</td>
</tr>`,
  );
  return html`${intro}<table id="recent-checks-table">
  <caption class="visually-hidden">Recent checks, newest first</caption>
  <thead><tr><th scope="col">Check</th><th scope="col">Kind</th><th scope="col">How</th><th scope="col">Status</th><th scope="col">Error</th><th scope="col">Started</th><th scope="col">Ended</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}
