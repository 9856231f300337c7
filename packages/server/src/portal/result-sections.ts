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
    if (block.t === 'paragraph' && defaultLeadIn !== null && /^\p{Ll}/u.test(block.text)) {
      // A fragment in a paragraph of its own under a lead-in heading ("Things they cannot do", then
      // "get most benefits"): the real status page's form (portal.md, second review), read as a bullet.
      sentences.push(bulletSentence(leadIn ?? defaultLeadIn, block.text));
    } else if (block.t === 'paragraph') {
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

/**
 * A labelled value wherever the page puts it: on an element with one of `ids`; a summary-list row
 * (dt/dd); a heading followed by a paragraph (the real right-to-work PDF's "Details of check":
 * h3 "Reference number", p value); or a paragraph that starts with the label ("Reference number:
 * WE-..."). Null when none of these is on the page.
 */
export function labelledValue(
  blocks: readonly SnapshotBlock[],
  labels: readonly string[],
  ids: readonly string[] = [],
): string | null {
  if (ids.length > 0) {
    for (const block of blocks) {
      if (block.t === 'row' && block.ids.some((id) => ids.includes(id))) return block.value;
      if (block.t === 'paragraph' && block.ids?.some((id) => ids.includes(id)))
        return stripLabel(block.text, labels, false);
    }
  }
  const row = rowValue(blocks, labels);
  if (row !== null) return row;
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i];
    if (block?.t !== 'heading' || !labels.some((label) => sameText(block.text, label))) continue;
    const next = blocks[i + 1];
    if (next?.t === 'paragraph') return next.text;
  }
  for (const block of blocks) {
    if (block.t !== 'paragraph') continue;
    const value = stripLabel(block.text, labels, true);
    if (value !== block.text && value !== '') return value;
  }
  return null;
}

/** The text after a leading label; the colon is required unless the element is known by its id. */
function stripLabel(text: string, labels: readonly string[], colon: boolean): string {
  for (const label of labels) {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`^${escaped}\\s*${colon ? ':' : ':?'}\\s*`, 'i').exec(text);
    if (match) return text.slice(match[0].length).trim();
  }
  return text;
}

/**
 * Sections that are not about the person's permission: the check's own details, the legal basis, and
 * the employer's guidance (portal.md, second review: the real PDF's "Details of check", "Legal basis
 * of status", "If you employ this person"). A heading below one of these belongs to it.
 */
const NOT_PERMISSION =
  /^(details of (the )?check|legal basis|if you (employ|rent|let)|what you (need to|must|should) do|next steps|help|get help|print|save|download|contents|related)/i;

/** The sections that speak of the permission: every section outside NOT_PERMISSION and its sub-headings. */
export function permissionSections(sections: readonly Section[]): Section[] {
  const kept: Section[] = [];
  let excludedLevel: number | null = null;
  for (const section of sections) {
    if (excludedLevel !== null && section.heading !== null && section.level > excludedLevel) continue;
    excludedLevel = null;
    if (section.heading !== null && NOT_PERMISSION.test(section.heading)) {
      excludedLevel = section.level;
      continue;
    }
    kept.push(section);
  }
  return kept;
}

/**
 * Guidance addressed to the checker, never a term of the permission: sentences spoken to "you"
 * ("You don't need to do the check again.", "To avoid a penalty...", "Read the employers' code of
 * practice"). Permission sentences speak of "they".
 */
export function isCheckerGuidance(sentence: string): boolean {
  return (
    /^(you|your|if you|to avoid|read the|find out|keep (a|this)|print|save|check the)\b/i.test(
      sentence.trim(),
    ) || /code of practice|civil penalty|avoid a penalty/i.test(sentence)
  );
}

/** The blocks of the first heading matching `heading` down to the next heading of its level or above. */
export function blocksUnder(blocks: readonly SnapshotBlock[], heading: RegExp): SnapshotBlock[] {
  const start = blocks.findIndex((b) => b.t === 'heading' && heading.test(b.text));
  const top = blocks[start];
  if (top?.t !== 'heading') return [];
  const out: SnapshotBlock[] = [];
  for (const block of blocks.slice(start + 1)) {
    if (block.t === 'heading' && block.level <= top.level) break;
    out.push(block);
  }
  return out;
}
