import type { CheckRecord } from '@sharecode/sdk';
import type { Palette } from '../output/palette.js';
import { londonTime } from './london-time.js';

/** The lines about an asynchronous check itself (its result, when there is one, is rendered apart). */
export function renderRecord(record: CheckRecord, p: Palette): string[] {
  const colour = record.status === 'succeeded' ? p.green : record.status === 'failed' ? p.red : p.yellow;
  const lines = [
    `${p.bold('Check')} ${record.id}  ${colour(p.bold(record.status))}  (${record.mode} mode, ${record.attempts} attempt${record.attempts === 1 ? '' : 's'})`,
  ];
  if (record.client_reference !== null) lines.push(`Client reference: ${record.client_reference}`);
  if (record.callback_url !== null) lines.push(`Callback URL:     ${record.callback_url}`);
  lines.push(`Created:          ${londonTime(record.created_at)}`);
  if (record.completed_at !== null) lines.push(`Completed:        ${londonTime(record.completed_at)}`);
  if (record.error !== null) lines.push(`Error:            ${p.red(record.error.code)}`);
  if (record.result_expired) lines.push(p.yellow('The result was deleted 7 days after the check ended.'));
  else if (record.status === 'succeeded' && record.result_expires_at !== null) {
    lines.push(`Result kept until ${londonTime(record.result_expires_at)}`);
  }
  return lines;
}
