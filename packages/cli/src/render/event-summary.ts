import type { Palette } from '../output/palette.js';
import { londonTime } from './london-time.js';

// A verified webhook proves who sent it, not that its `data` has every field this CLI knows: a
// receiver's own test event, an older or newer service. Print each field that is there, skip the rest.

type Fields = Record<string, unknown>;

const LABEL_WIDTH = 18;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

const RECORD_FIELDS: ReadonlyArray<readonly [key: string, label: string]> = [
  ['id', 'Check'],
  ['kind', 'Kind'],
  ['mode', 'Mode'],
  ['status', 'Status'],
  ['attempts', 'Attempts'],
  ['client_reference', 'Client reference'],
  ['callback_url', 'Callback URL'],
  ['created_at', 'Created'],
  ['completed_at', 'Completed'],
  ['result_expires_at', 'Result kept until'],
];

const RESULT_FIELDS: ReadonlyArray<readonly [key: string, label: string]> = [
  ['name', 'Name'],
  ['nationality', 'Nationality'],
  ['status', 'Status'],
  ['permission_type', 'Permission'],
  ['start_date', 'Start date'],
  ['expiry_date', 'Expiry date'],
  ['valid_from', 'Valid from'],
  ['valid_until', 'Valid until'],
  ['details', 'Details'],
  ['recheck_date', 'Follow-up check'],
  ['purpose', 'Purpose'],
  ['company_name', 'Checked by'],
  ['check_date', 'Check date'],
  ['reference', 'Reference'],
];

// Instants, shown as UK time with the zone.
const TIME_FIELDS = new Set(['created_at', 'completed_at', 'result_expires_at']);

const RESULT_LISTS: ReadonlyArray<readonly [key: string, label: string]> = [
  ['activities', 'Activities'],
  ['conditions', 'Conditions'],
  ['restrictions', 'Restrictions'],
];

function fieldLines(data: Fields, fields: typeof RECORD_FIELDS, p: Palette): string[] {
  const lines: string[] = [];
  for (const [key, label] of fields) {
    const raw = text(data[key]);
    const value = raw !== undefined && TIME_FIELDS.has(key) ? londonTime(raw) : raw;
    if (value !== undefined && value !== '') lines.push(`${p.bold(`${label}:`.padEnd(LABEL_WIDTH))}${value}`);
  }
  return lines;
}

/** The lines describing a webhook event's `data` (a check record, whole or not). */
export function renderEventData(data: unknown, p: Palette): string[] {
  if (!isObject(data)) return [p.dim('No check data in this event.')];
  const lines = fieldLines(data, RECORD_FIELDS, p);
  const error = data.error;
  if (isObject(error)) {
    const code = text(error.code);
    const message = text(error.message);
    const shown = [code && p.red(code), message].filter(Boolean).join(': ');
    if (shown !== '') lines.push(`${p.bold('Error:'.padEnd(LABEL_WIDTH))}${shown}`);
  }
  const result = data.result;
  if (isObject(result)) {
    const outcome = text(result.outcome);
    const title = text(result.title);
    const colour = outcome === 'ACCEPTED' ? p.green : p.red;
    const headline = [outcome && colour(p.bold(outcome)), title && p.bold(title)].filter(Boolean).join('  ');
    lines.push('', ...(headline === '' ? [] : [headline]), ...fieldLines(result, RESULT_FIELDS, p));
    for (const [key, label] of RESULT_LISTS) {
      const items = result[key];
      if (!Array.isArray(items)) continue;
      const strings = items.filter((item): item is string => typeof item === 'string');
      lines.push(p.bold(`${label}:`), ...strings.map((item) => `  - ${item}`));
    }
  }
  if (data.result_expired === true)
    lines.push(p.yellow('The result was deleted 7 days after the check ended.'));
  return lines;
}
