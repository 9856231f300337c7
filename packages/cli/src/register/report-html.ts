import {
  excuseInWords,
  type PersonSummary,
  RETENTION_YEARS_AFTER_END,
  type RegisterSummary,
  type RegisterVerification,
} from '@sharecode/register';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';

const KINDS = {
  right_to_work: 'Right to work',
  right_to_rent: 'Right to rent',
  immigration_status: 'Immigration status',
} as const;

const ENDS = {
  right_to_work: 'employment',
  right_to_rent: 'tenancy',
  immigration_status: 'purpose of the check',
} as const;

const REASONS = {
  settled: 'Not needed (settled)',
  no_time_limit: 'Not needed (no time limit)',
  not_permitted: 'None: not permitted',
  ended: 'None: ended before it was due',
} as const;

export const REPORT_COLUMNS = [
  'Person',
  'Name',
  'Check',
  'Last check',
  'Reference',
  'Outcome',
  'Permission',
  'Expires',
  'Follow-up',
  'Statutory excuse',
  'Likeness check',
  'Work',
  'Started',
  'Ended',
  'Keep until',
  'Checked by',
  'Checks',
] as const;

function row(person: PersonSummary): Element {
  const last = person.last_check;
  const by = [last.checked_by.operator, last.checked_by.organisation].filter(Boolean).join(', ');
  const cells = [
    person.person,
    person.name,
    // Test data is marked where an auditor reads the kind of check: never taken for evidence.
    person.mode === 'sandbox'
      ? `${KINDS[person.kind]} (SANDBOX: test data, not evidence)`
      : KINDS[person.kind],
    last.check_date,
    last.reference,
    last.outcome,
    last.permission ?? '',
    last.expiry_date ?? 'No time limit',
    person.follow_up.due ? person.follow_up.date : REASONS[person.follow_up.reason],
    excuseInWords(person.excuse),
    last.likeness === null
      ? 'Not recorded'
      : `${last.likeness.how === 'video' ? 'Live video call' : 'In person'}, ${last.likeness.by}, ${last.likeness.at.slice(0, 10)}`,
    person.work ?? '',
    person.started ?? '',
    person.ended ?? 'Still employed or renting',
    person.retention_end === null
      ? `${RETENTION_YEARS_AFTER_END[person.kind]} year(s) after the ${ENDS[person.kind]} ends`
      : person.past_retention
        ? `${person.retention_end} (passed: rtw register prune deletes it)`
        : person.retention_end,
    by,
    String(person.checks),
  ];
  const gap = person.excuse.state === 'incomplete' || person.excuse.state === 'lapsed';
  const excuseColumn = REPORT_COLUMNS.indexOf('Statutory excuse');
  return h(
    person.mode === 'sandbox' ? 'tr.sandbox' : 'tr',
    cells.map((cell, index) => h(index === excuseColumn && gap ? 'td.gap' : 'td', cell)),
  );
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#0b0c0c}
table{border-collapse:collapse;font-size:.9rem}th,td{border:1px solid #b1b4b6;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f2f1}.ok{color:#00703c}.bad{color:#d4351c}.sandbox{background:#fff7bf}.gap{background:#fde0dc}`;

/**
 * The auditor's report: one row per person and kind (last check, outcome, follow-up, retention end),
 * with whether the register verified intact. Built as a tree and serialised by hast-util-to-html,
 * which escapes every value.
 */
export function reportHtml(summary: RegisterSummary, verification: RegisterVerification): string {
  const status = verification.ok
    ? h(
        'p.ok',
        `Register verified intact: ${verification.receipts} receipts, ${verification.files} evidence files re-hashed.`,
      )
    : h('div.bad', [
        h('p', `Register verification found ${verification.problems.length} problem(s):`),
        h(
          'ul',
          verification.problems.map((p) => h('li', `${p.path}: ${p.kind}, ${p.detail}`)),
        ),
        summary.refused.length === 0
          ? null
          : h(
              'p',
              `Left out of the table: ${summary.refused.map((p) => p.path).join(', ')} (the register does not vouch for them).`,
            ),
      ]);
  const tree = h(null, [
    { type: 'doctype' },
    h('html', { lang: 'en' }, [
      h('head', [
        h('meta', { charset: 'utf-8' }),
        h('title', 'Share-code checks: evidence register report'),
        h('style', STYLE),
      ]),
      h('body', [
        h('h1', 'Share-code checks: evidence register report'),
        h('p', `Generated on ${summary.generated_on} from the register at ${summary.register}.`),
        status,
        h('table', [
          h(
            'thead',
            h(
              'tr',
              REPORT_COLUMNS.map((title) => h('th', { scope: 'col' }, title)),
            ),
          ),
          h('tbody', summary.people.map(row)),
        ]),
        h(
          'p',
          'Evidence (the PDF and the photo of each check) is kept for the employment and 2 years after it ends (right to work), or the tenancy and 1 year after it ends (right to rent); then it is deleted.',
        ),
      ]),
    ]),
  ]);
  return toHtml(tree);
}
