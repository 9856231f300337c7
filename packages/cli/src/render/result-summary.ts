import type { CheckResult } from '@sharecode/sdk';
import type { Palette } from '../output/palette.js';
import { londonTime } from './london-time.js';

const LABEL_WIDTH = 18;

function line(label: string, value: string | null | undefined, p: Palette): string | undefined {
  if (value === undefined) return undefined;
  return `${p.bold(`${label}:`.padEnd(LABEL_WIDTH))}${value === null || value === '' ? p.dim('none shown') : value}`;
}

function list(label: string, items: readonly string[], p: Palette): string[] {
  if (items.length === 0) return [`${p.bold(`${label}:`.padEnd(LABEL_WIDTH))}${p.dim('none')}`];
  return [`${p.bold(`${label}:`)}`, ...items.map((item) => `  - ${item}`)];
}

/**
 * The readable answer of a check: the outcome first, then the name, the permission, its dates,
 * conditions, restrictions and the reference. The photo and PDF are saved as files, not printed.
 */
export function renderResult(result: CheckResult, p: Palette): string[] {
  const colour = result.outcome === 'ACCEPTED' ? p.green : p.red;
  const lines: Array<string | undefined> = [`${colour(p.bold(result.outcome))}  ${p.bold(result.title)}`];
  lines.push(line('Name', result.name, p), line('Nationality', result.nationality, p));
  if (result.title === 'Immigration status') {
    lines.push(
      line('Status', result.status, p),
      line('Valid from', result.valid_from, p),
      // The contract: a null valid_until is a status with no time limit (settled status).
      line('Valid until', result.valid_until ?? p.dim('no time limit'), p),
      ...list('Activities', result.activities, p),
      ...list('Restrictions', result.restrictions, p),
      line('Purpose', result.purpose, p),
      line('Checked by', `${result.company_name}, ${result.job_title}`, p),
      line('Check date', result.check_date, p),
    );
  } else {
    lines.push(
      line('Permission', result.permission_type ?? null, p),
      line('Start date', result.start_date ?? null, p),
      line('Expiry date', result.expiry_date ?? null, p),
    );
    if (result.title === 'Right to rent') {
      lines.push(
        line('Details', result.details, p),
        line('Follow-up check', result.recheck_date ?? null, p),
        line('Checked by', result.company_name, p),
        line('Check date', result.check_date, p),
      );
    }
    lines.push(...list('Conditions', result.conditions, p), ...list('Restrictions', result.restrictions, p));
  }
  lines.push(
    line('Reference', result.reference ?? null, p),
    line('Checked at', londonTime(result.checked_at), p),
  );
  return lines.filter((text): text is string => text !== undefined);
}
