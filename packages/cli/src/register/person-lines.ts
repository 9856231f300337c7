import { excuseGapInWords, excuseInWords, type PersonView } from '@sharecode/register';

const KINDS = {
  right_to_work: 'Right to work',
  right_to_rent: 'Right to rent',
  immigration_status: 'Immigration status',
} as const;

const row = (label: string, value: string): string => `${`${label}:`.padEnd(18)}${value}`;

/** The person's record in lines, shared by `show` and the evidence pack. */
export function personLines(view: PersonView): string[] {
  const { summary, record } = view;
  const lines = [
    row('Person', summary.person === summary.name ? summary.name : `${summary.person} (${summary.name})`),
    row(
      'Check',
      `${KINDS[summary.kind]}${summary.mode === 'sandbox' ? ' (SANDBOX: test data, not evidence)' : ''}`,
    ),
    row('Work', summary.work ?? 'none (no statutory excuse)'),
    row('Started', summary.started ?? 'not recorded'),
    row('Ended', summary.ended ?? 'not yet'),
    row(
      'Keep until',
      summary.retention_end ?? `while the ${summary.work ?? 'purpose'} goes on, then the retention period`,
    ),
    row('Excuse', excuseInWords(summary.excuse)),
  ];
  if (summary.excuse.state === 'incomplete') {
    for (const gap of summary.excuse.missing)
      lines.push(row('  Missing', excuseGapInWords(gap, summary.excuse.work)));
  }
  if ('cautions' in summary.excuse) {
    for (const caution of summary.excuse.cautions) {
      if (caution.what === 'start_not_recorded')
        lines.push(
          row('  Note', 'the start of the work is not recorded: rtw register set --employment-started DATE'),
        );
    }
  }
  lines.push(
    row(
      'Follow-up',
      summary.follow_up.due
        ? `by ${summary.follow_up.date}`
        : `none (${summary.follow_up.reason.replaceAll('_', ' ')})`,
    ),
  );
  lines.push('', `Checks (${record.checks.length}):`);
  for (const check of record.checks) {
    const likeness = record.likeness.filter((l) => l.check_seq === check.seq).at(-1);
    lines.push(
      `  ${check.check_date}  ref ${check.reference}  ${check.outcome}  ${check.permission ?? 'permission not shown'}, ${check.expiry_date ? `expires ${check.expiry_date}` : 'no time limit'}  (receipt ${check.seq}, ${check.mode ?? 'live'})`,
      `      checked by ${[check.checked_by.operator, check.checked_by.organisation].filter(Boolean).join(', ') || 'not recorded'}; likeness ${likeness ? `${likeness.how} by ${likeness.by} on ${likeness.at.slice(0, 10)} (receipt ${likeness.seq})` : 'not recorded'}`,
      `      PDF ${check.files.pdf?.path ?? 'none'}; photo ${check.files.photo?.path ?? 'none'}`,
    );
  }
  if (view.dates.length > 0) {
    lines.push('', 'Dates recorded:');
    for (const dates of view.dates) {
      lines.push(
        `  receipt ${dates.seq} on ${dates.written_at.slice(0, 10)}: ${dates.work ?? 'work'} started ${dates.started ?? '-'}, ended ${dates.ended ?? '-'}`,
      );
    }
  }
  return lines;
}
