import { createHash } from 'node:crypto';
import { MONTH_NAMES } from '@sharecode/core/util';
import { keepKnownWords } from './known-words.js';
import type { PageSnapshot } from './page-snapshot.js';

/**
 * What operators get about a page the driver did not expect: enough to see which page and step,
 * never the share code, date of birth, name or a screenshot. Page words (title, h1) are redacted.
 */
export interface Diagnostic {
  /** The driver's step when it stopped ("date-of-birth", "result", ...). */
  readonly step: string;
  /** What was wrong, in the driver's own words. */
  readonly note: string;
  readonly title: string | null;
  /** URL path, without the query. */
  readonly path: string | null;
  readonly h1: string | null;
  readonly status: number | null;
  /** SHA-256 of the page's HTML, to match pages seen again without keeping them. */
  readonly htmlSha256: string | null;
}

/** What must never leave in a diagnostic: the request's own personal data. */
export interface Secrets {
  readonly shareCode: string;
  readonly dateOfBirth: string;
  /** The other values the driver types (company, checker's name, job title, reason). */
  readonly typed?: readonly string[];
}

// Capitalised words that are the portal's, not a person's.
const KEEP_CAPITALS = new Set([
  'GOV',
  'UK',
  'HM',
  'NHS',
  'PDF',
  'EU',
  'EEA',
  'UKVI',
  'BRP',
  'HMRC',
  'ID',
  'CSRF',
]);
const MAX_TEXT = 120;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes the share code (however spaced), the date of birth (ISO, "27 April 1990", 27/04/1990,
 * "27 4 1990") and every word written in capitals, as names are on the result pages.
 */
export function redactPageText(text: string, secrets: Secrets): string {
  let out = text;
  // Longest first, so a value inside another is not left half-redacted.
  const typed = [...(secrets.typed ?? [])]
    .filter((v) => v.trim().length >= 2)
    .sort((a, b) => b.length - a.length);
  for (const value of typed) {
    const words = value.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
    out = out.replace(new RegExp(words, 'gi'), '[typed]');
  }
  const code = secrets.shareCode.replace(/\s+/g, '');
  if (code !== '') {
    out = out.replace(new RegExp(code.split('').map(escapeRegExp).join('[\\s-]*'), 'gi'), '[share code]');
  }
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(secrets.dateOfBirth);
  if (dob) {
    const [, y = '', m = '', d = ''] = dob;
    const day = String(Number(d));
    const month = String(Number(m));
    const name = MONTH_NAMES[Number(m) - 1] ?? '';
    const forms = [
      `${y}-${m}-${d}`,
      `0?${day}\\s+${escapeRegExp(name)}\\s+${y}`,
      `0?${day}\\s+${escapeRegExp(name.slice(0, 3))}\\.?\\s+${y}`,
      `0?${day}[/.\\s]0?${month}[/.\\s]${y}`,
    ];
    out = out.replace(new RegExp(forms.join('|'), 'gi'), '[date of birth]');
  }
  out = out.replace(/(?<![\p{L}\p{N}])\p{Lu}[\p{Lu}'’-]*\p{Lu}(?![\p{L}\p{N}])/gu, (word) =>
    KEEP_CAPITALS.has(word) ? word : '[capitals]',
  );
  out = out.replace(/(\[capitals\](\s+|$))+/g, (run) => (run.endsWith(' ') ? '[capitals] ' : '[capitals]'));
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…` : out;
}

export function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A diagnostic from the last page seen (if any) and the page's HTML (if it could be read). */
export function diagnosticOf(
  step: string,
  note: string,
  snapshot: PageSnapshot | null,
  html: string | null,
  secrets: Secrets,
): Diagnostic {
  return {
    step,
    note,
    // Only the known pages' words: a heading may name the person in any case or script.
    title: snapshot ? keepKnownWords(redactPageText(snapshot.title, secrets)) : null,
    path: snapshot ? redactPageText(snapshot.path, secrets) : null,
    h1: snapshot?.h1 ? keepKnownWords(redactPageText(snapshot.h1, secrets)) : null,
    status: snapshot?.status ?? null,
    htmlSha256: html === null ? null : sha256Of(html),
  };
}
