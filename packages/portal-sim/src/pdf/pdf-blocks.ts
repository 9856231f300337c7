import type { PdfBlock } from './pdf-content.js';

/** A GOV.UK summary-list row, as the result pages build them. */
export interface SummaryRow {
  readonly key: { readonly text: string };
  readonly value: { readonly text: string };
}

/** A summary-list row of a result page. */
export function summaryRow(key: string, value: string): SummaryRow {
  return { key: { text: key }, value: { text: value } };
}

/** Summary-list rows as PDF rows (label and value). */
export function rowBlocks(rows: readonly SummaryRow[]): PdfBlock[] {
  return rows.map((row) => ({ kind: 'row', label: row.key.text, value: row.value.text }));
}

/** A heading over its lines, or nothing when there are no lines (the pages leave such a section out). */
export function headedBlocks(
  heading: string,
  lines: readonly string[],
  kind: 'paragraph' | 'bullet' = 'paragraph',
): PdfBlock[] {
  if (lines.length === 0) return [];
  return [{ kind: 'heading', text: heading }, ...lines.map((text): PdfBlock => ({ kind, text }))];
}
