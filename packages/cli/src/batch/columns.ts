import type { CheckKind, Outcome } from '@sharecode/core';
import { acceptedFields } from '@sharecode/core/validation';
import { fieldSpec, REQUEST_FIELDS } from '../request/fields.js';

/** The optional column copied into each results line to tell rows apart; never sent to the API. */
export const LABEL_COLUMN = 'label';

export interface ColumnMap {
  /** Wire field name -> index of its column. */
  fields: Map<string, number>;
  label: number | undefined;
  /** How the user's header spelt each field, for messages ("column dob"). */
  headers: Map<string, string>;
  /**
   * Columns that are not fields of this kind of check (an employee number, a name, a job title in a
   * right-to-work batch): read past, listed once.
   */
  ignored: string[];
  /** An ignored column that looks like the user's own id for the row ("Employee No"), when there is no label column. */
  labelLike: string | undefined;
}

// Headers that read as an HR system's own id for the person: worth keeping as the row's label.
const ID_LIKE =
  /(^|_)(employee|staff|payroll|personnel|person|tenant|applicant|candidate|worker|id|ref|reference|no|number|num)(_|$)/;

const KIND_WORDS: Readonly<Record<CheckKind, string>> = {
  right_to_work: 'right-to-work',
  right_to_rent: 'right-to-rent',
  immigration_status: 'immigration-status',
};

function normalise(header: string): string {
  // "Share code" and "Date of birth", as a spreadsheet might title them, read as share_code, date_of_birth.
  return header.trim().toLowerCase().replace(/\s+/g, '_');
}

/** How a column is named in messages: as its header says, shortened. */
function shown(raw: string): string {
  const name = raw.trim();
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}...` : name);
}

/**
 * Maps a header row to request fields. A column may be named as on the wire (`share_code`,
 * `date_of_birth`, `company_name`, ...), as the flag (`share-code`, `dob`, `company`, ...) or as a
 * spreadsheet titles it (`Share code`, `Date of birth`), in any case. Other columns (an employee
 * number, a name) are ignored and listed in `ignored`; a field with two columns is refused, since
 * either could be the one meant.
 */
export function mapColumns(header: readonly string[], kind?: CheckKind): Outcome<ColumnMap, string> {
  const fields = new Map<string, number>();
  const headers = new Map<string, string>();
  const ignored: string[] = [];
  const accepted = kind === undefined ? undefined : new Set(acceptedFields(kind, true));
  let labelLike: string | undefined;
  let label: number | undefined;
  for (const [index, raw] of header.entries()) {
    const name = normalise(raw);
    if (name === LABEL_COLUMN) {
      if (label !== undefined) return { ok: false, error: 'the label column appears twice: keep one' };
      label = index;
      continue;
    }
    const spec = REQUEST_FIELDS.find((field) => field.wire === name || field.flag === name);
    if (spec === undefined) {
      ignored.push(name === '' ? `column ${index + 1} (no name)` : shown(raw));
      if (name !== '' && ID_LIKE.test(name.replace(/[^a-z0-9]+/g, '_'))) labelLike ??= raw.trim();
      continue;
    }
    if (accepted !== undefined && kind !== undefined && !accepted.has(spec.wire)) {
      // A field of another kind of check (a job title in a right-to-work batch): an extra column, not
      // a problem of every row.
      ignored.push(`${shown(raw)} (not part of a ${KIND_WORDS[kind]} check)`);
      continue;
    }
    if (fields.has(spec.wire))
      return {
        ok: false,
        error: `${shown(headers.get(spec.wire) ?? '')} and ${shown(raw)} both give --${spec.flag}: keep one of the two columns`,
      };
    fields.set(spec.wire, index);
    headers.set(spec.wire, raw.trim());
  }
  const missing = REQUEST_FIELDS.filter(
    (field) => (field.wire === 'share_code' || field.wire === 'date_of_birth') && !fields.has(field.wire),
  );
  if (missing.length > 0) {
    const need = missing.map((field) => (field.wire === 'share_code' ? '"Share code"' : '"Date of birth"'));
    const found = header.map(shown).join(', ');
    return {
      ok: false,
      error: `the header row needs a ${need.join(' and a ')} column (found ${found}). Columns may also be named as the flags: share-code, dob, company, checker-name, checker-type, job-title, purpose, other-purpose, and ${LABEL_COLUMN} (your own id for the row, not sent)`,
    };
  }
  return {
    ok: true,
    value: { fields, label, headers, ignored, labelLike: label === undefined ? labelLike : undefined },
  };
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

/**
 * How a row's problem names a field: the column as its header spells it, or, when the CSV has no
 * such column, the column to add or the flag that fills it for every row.
 */
export function columnWhere(columns: ColumnMap): (field: string) => string {
  return (field) => {
    const header = columns.headers.get(field);
    if (header !== undefined) return `column ${JSON.stringify(header)}`;
    const flag = fieldSpec(field)?.flag ?? field;
    return `a ${flag} column (or --${flag} for every row)`;
  };
}
