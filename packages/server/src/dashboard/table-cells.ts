// Pieces of the dashboard's tables that every section draws the same way.
import { html, type SafeHtml } from '@sharecode/core/util';

export type TagTone = 'ok' | 'wait' | 'fail';

/** A coloured state label; the tone picks the colour (styles.ts). */
export const tag = ([tone, label]: readonly [TagTone, string]): SafeHtml =>
  html`<span class="tag tag-${tone}">${label}</span>`;

/** A time as the tables show it ("2026-11-24 04:05:50 UTC"); empty when there is none. */
export const when = (date: Date | null): string =>
  date === null ? '' : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
