import { parseLongDate } from '@sharecode/core/util';

const DATE_PATTERN = '(\\d{1,2}\\s+[A-Za-z]+\\.?\\s+\\d{4})';

export type DateAfter =
  | { readonly kind: 'none' }
  | { readonly kind: 'date'; readonly iso: string }
  | { readonly kind: 'bad' };

/** The date written after `words` in `text` ("until 14 December 2028"): none, a date, or unreadable. */
export function dateAfter(text: string, words: string): DateAfter {
  const match = new RegExp(`\\b${words}\\s+${DATE_PATTERN}`, 'i').exec(text);
  if (!match?.[1]) return { kind: 'none' };
  const iso = parseLongDate(match[1]);
  return iso === null ? { kind: 'bad' } : { kind: 'date', iso };
}

/** Splits a paragraph into its sentences (a full stop, then a space, then a capital). */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * One bullet as a sentence of its own: "They can:" + "work in any job" becomes "They can work in
 * any job." A bullet that already starts with its lead-in is left as it is.
 */
export function bulletSentence(leadIn: string | null, item: string): string {
  const text = item.trim().replace(/[;,]$/, '');
  let sentence: string;
  if (leadIn === null || text.toLowerCase().startsWith(leadIn.toLowerCase())) {
    sentence = text.charAt(0).toUpperCase() + text.slice(1);
  } else {
    sentence = `${leadIn} ${text}`;
  }
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Case- and space-insensitive equality of two pieces of page text. */
export function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
}
