import { bulletSentence, sameText, sentencesOf } from './govuk-text.js';
import type { SnapshotBlock } from './page-snapshot.js';

/** A result page cut at its headings: each part holds the blocks up to the next heading. */
export interface Section {
  /** The heading's text; null for what comes before the first heading. */
  readonly heading: string | null;
  readonly level: number;
  readonly blocks: readonly SnapshotBlock[];
}

/** The blocks after the page's h1, cut into sections at every lower heading. */
export function sectionsAfterTitle(blocks: readonly SnapshotBlock[]): Section[] {
  const start = blocks.findIndex((b) => b.t === 'heading' && b.level === 1);
  const rest = start < 0 ? blocks : blocks.slice(start + 1);
  const sections: { heading: string | null; level: number; blocks: SnapshotBlock[] }[] = [
    { heading: null, level: 1, blocks: [] },
  ];
  for (const block of rest) {
    if (block.t === 'heading') sections.push({ heading: block.text, level: block.level, blocks: [] });
    else sections[sections.length - 1]?.blocks.push(block);
  }
  return sections.filter((s) => s.heading !== null || s.blocks.length > 0);
}

/** The first section whose heading matches. */
export function sectionNamed(sections: readonly Section[], heading: string | RegExp): Section | undefined {
  return sections.find(
    (s) =>
      s.heading !== null &&
      (typeof heading === 'string' ? sameText(s.heading, heading) : heading.test(s.heading)),
  );
}

/**
 * A section's words as sentences, one each: paragraphs split at full stops, bullets joined to the
 * lead-in above them ("They can:") or, without one, to `defaultLeadIn`.
 */
export function sectionSentences(
  section: Section | undefined,
  defaultLeadIn: string | null = null,
): string[] {
  if (!section) return [];
  const sentences: string[] = [];
  let leadIn: string | null = null;
  for (const block of section.blocks) {
    if (block.t === 'paragraph') {
      const parts = sentencesOf(block.text);
      const last = parts[parts.length - 1] ?? '';
      if (last.endsWith(':')) {
        // "They can also work on a placement. The work placement must be:" - the last part leads the bullets.
        sentences.push(...parts.slice(0, -1));
        leadIn = last.slice(0, -1).trim();
      } else {
        sentences.push(...parts);
        leadIn = null;
      }
    } else if (block.t === 'item') {
      sentences.push(bulletSentence(leadIn ?? defaultLeadIn, block.text));
    }
  }
  return sentences;
}

/** A summary-list row's value, found by the id on (or in) its value, else by its key; null when absent. */
export function rowValue(
  blocks: readonly SnapshotBlock[],
  keys: readonly string[],
  ids: readonly string[] = [],
): string | null {
  for (const block of blocks) {
    if (block.t === 'row' && block.ids.some((id) => ids.includes(id))) return block.value;
  }
  for (const block of blocks) {
    if (block.t === 'row' && keys.some((key) => sameText(block.key, key))) return block.value;
  }
  return null;
}
