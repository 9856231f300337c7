import type { CheckKind } from '@sharecode/core';
import { html, type SafeHtml } from '@sharecode/core/util';
import type { KindHealth, PortalHealthReport } from '../health/portal-health.js';

const KIND_NAMES: Readonly<Record<CheckKind, string>> = {
  right_to_work: 'Right to work',
  right_to_rent: 'Right to rent',
  immigration_status: 'Immigration status',
};

const at = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** One kind's health as sentences an account owner can act on. */
export function healthSentences(health: KindHealth): string[] {
  const sentences: string[] = [];
  sentences.push(
    health.lastSuccessAt
      ? `The last successful live check was at ${at(health.lastSuccessAt)}.`
      : 'No live check has succeeded yet.',
  );
  const hour = health.lastHour;
  if (hour.checks === 0) sentences.push('No live check reached the government portal in the last hour.');
  else {
    const percent = Math.round((hour.upstreamUnexpectedRate ?? 0) * 100);
    sentences.push(
      `In the last hour ${hour.upstreamUnexpected} of ${hour.checks} live checks (${percent}%) failed because the government portal showed a page the service did not expect.`,
    );
  }
  const last = health.lastUnrecognised;
  if (last) {
    sentences.push(
      `The portal last showed a page the service does not recognise at ${at(last.at)} (page ${last.fingerprint.id} on ${last.fingerprint.host}${last.fingerprint.path}). The operator has been told; checks that meet this page fail with UPSTREAM_UNEXPECTED until the service is updated.`,
    );
  } else sentences.push('Every portal page met so far was recognised.');
  return sentences;
}

/** The live page's "Government portals" section, as every server on the database saw them. */
export function portalHealthSection(report: PortalHealthReport | null | undefined): SafeHtml | string {
  if (!report) return '';
  const kinds = Object.keys(KIND_NAMES) as CheckKind[];
  return html`<h2 id="portal-health">Government portals</h2>
<p>How live checks are going on each Home Office service, as every server of this service saw them.</p>
${kinds.map(
  (kind) => html`<h3>${KIND_NAMES[kind]}</h3>
${healthSentences(report[kind]).map((sentence) => html`<p>${sentence}</p>`)}`,
)}`;
}
