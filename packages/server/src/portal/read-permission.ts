import { fail, type Outcome, ok } from '@sharecode/core';
import { sentencesOf } from './govuk-text.js';
import type { PageSnapshot } from './page-snapshot.js';
import { type SentenceForm, sentenceFormOf } from './permission-sentences.js';
import { labelledValue, type Section } from './result-sections.js';

export interface Permission {
  /** The sentence as the page wrote it (dates are read from it). */
  readonly sentence: string;
  readonly form: SentenceForm;
  /** The section it stands in (its heading is often the person's name). */
  readonly section: Section;
}

/** The first sentence on the page, in document order, written in a known form for this kind. */
export function readPermission(
  kind: SentenceForm['kind'],
  sections: readonly Section[],
): Outcome<Permission, string> {
  for (const section of sections) {
    for (const block of section.blocks) {
      if (block.t !== 'paragraph') continue;
      for (const sentence of sentencesOf(block.text)) {
        const form = sentenceFormOf(kind, sentence);
        if (form) return ok({ sentence, form, section });
      }
    }
  }
  return fail('the permission sentence');
}

/** Headings that name a part of the page, never a person. */
const PART_HEADINGS =
  /^(conditions|restrictions|details|voluntary work|they can|summary|what they can|things they|right to work|photo)/i;

/**
 * The person's name: a "Name" row; else a heading in capitals (the real page's form, portal.md 1.3),
 * the one over the result sentence first; else the heading over the sentence; else the first other
 * heading that names no part of the page.
 */
export function nameOf(
  snapshot: PageSnapshot,
  sections: readonly Section[],
  sentenceSection: Section,
): string | null {
  const row = labelledValue(snapshot.blocks, ['Name', 'Full name']);
  if (row) return row;
  const isName = (s: Section) => s.heading !== null && s.level >= 2 && !PART_HEADINGS.test(s.heading);
  const inCapitals = (s: Section) =>
    isName(s) && /\p{L}/u.test(s.heading ?? '') && s.heading === s.heading?.toUpperCase();
  if (inCapitals(sentenceSection)) return sentenceSection.heading;
  const capitals = sections.find(inCapitals);
  if (capitals) return capitals.heading;
  if (isName(sentenceSection)) return sentenceSection.heading;
  return sections.find(isName)?.heading ?? null;
}
