import type { Outcome } from '@sharecode/core';
import { REQUEST_FIELDS } from '../request/fields.js';

/** The optional column copied into each results line to tell rows apart; never sent to the API. */
export const LABEL_COLUMN = 'label';

export interface ColumnMap {
  /** Wire field name -> index of its column. */
  fields: Map<string, number>;
  label: number | undefined;
  /** How the user's header spelt each field, for messages ("column dob"). */
  headers: Map<string, string>;
}

function normalise(header: string): string {
  // "Share code" and "Date of birth", as a spreadsheet might title them, read as share_code, date_of_birth.
  return header.trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * Maps a header row to request fields. A column may be named as on the wire (`share_code`,
 * `date_of_birth`, `company_name`, ...) or as the flag (`share-code`, `dob`, `company`, ...), in any
 * case. Unknown or repeated columns are refused, so a typo cannot silently drop a field.
 */
export function mapColumns(header: readonly string[]): Outcome<ColumnMap, string> {
  const fields = new Map<string, number>();
  const headers = new Map<string, string>();
  let label: number | undefined;
  for (const [index, raw] of header.entries()) {
    const name = normalise(raw);
    if (name === '') return { ok: false, error: `column ${index + 1} has no name in the header row` };
    if (name === LABEL_COLUMN) {
      if (label !== undefined) return { ok: false, error: 'the label column appears twice' };
      label = index;
      continue;
    }
    const spec = REQUEST_FIELDS.find((field) => field.wire === name || field.flag === name);
    if (spec === undefined) {
      const accepted = REQUEST_FIELDS.map((field) => `${field.wire} (or ${field.flag})`).join(', ');
      return {
        ok: false,
        error: `unknown column ${JSON.stringify(raw.trim().slice(0, 40))}: rename or remove it. Columns: ${accepted}, and ${LABEL_COLUMN} (your own id for the row, not sent)`,
      };
    }
    if (fields.has(spec.wire)) return { ok: false, error: `${spec.wire} has two columns: keep one` };
    fields.set(spec.wire, index);
    headers.set(spec.wire, raw.trim());
  }
  if (!fields.has('share_code') || !fields.has('date_of_birth')) {
    return {
      ok: false,
      error: 'the header row needs a share_code (or share-code) and a date_of_birth (or dob) column',
    };
  }
  return { ok: true, value: { fields, label, headers } };
}

/**
 * The request body of one row: each cell, trimmed; an empty or missing cell takes the flag's value
 * (`defaults`, by wire name), so `--company "Acme Ltd"` need not be repeated in every row.
 */
export function rowBody(
  cells: readonly string[],
  columns: ColumnMap,
  defaults: Readonly<Record<string, string>>,
): Record<string, string> {
  const body: Record<string, string> = { ...defaults };
  for (const [field, index] of columns.fields) {
    const value = cells[index]?.trim() ?? '';
    if (value !== '') body[field] = value;
  }
  return body;
}

export function rowLabel(cells: readonly string[], columns: ColumnMap): string | undefined {
  if (columns.label === undefined) return undefined;
  const value = cells[columns.label]?.trim() ?? '';
  return value === '' ? undefined : value;
}
