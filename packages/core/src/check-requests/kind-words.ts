import type { CheckKind } from '../check-kind.js';
import { kindInfo } from '../check-kind.js';

/** "a right-to-work", "an immigration-status": the kind's label with its article. */
export function aKindLabel(kind: CheckKind): string {
  const label = kindInfo(kind).label;
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}

/** "A right to work", "An immigration status": the kind's title, lower-cased, with its article. */
export function aKindTitle(kind: CheckKind, capital = false): string {
  const title = kindInfo(kind).title.toLowerCase();
  const article = /^[aeiou]/.test(title) ? 'an' : 'a';
  return `${capital ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${title}`;
}
