import { createHash } from 'node:crypto';
import type { PageFingerprint } from '../health/portal-health.js';
import { redactPageText, type Secrets } from './diagnostic.js';
import { keepKnownWords } from './known-words.js';
import type { PageSnapshot } from './page-snapshot.js';

export type { PageFingerprint };

const MAX_ITEMS = 30;

/**
 * Page words with no free text left: the request's own values and names in capitals are replaced
 * first (redactPageText), then every word that is not in the fixed vocabulary of the portal's known
 * pages (known-words.ts) becomes its shape. Names in any case or script, dates in any form
 * ("1990/04/27", "27th April 1990") and codes leave only their shape ("Aa Aa", "9/9/9", "9a Aa 9").
 */
export function fingerprintText(text: string, secrets: Secrets): string {
  return keepKnownWords(redactPageText(text, secrets));
}

/** A path with any segment that holds a digit replaced, so session or record ids never show. */
export function fingerprintPath(path: string, secrets: Secrets): string {
  return path
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : redactPageText(segment, secrets)))
    .join('/');
}

export function fingerprintOf(step: string, snapshot: PageSnapshot, secrets: Secrets): PageFingerprint {
  const headings = snapshot.blocks
    .flatMap((b) => (b.t === 'heading' ? [`h${b.level} ${fingerprintText(b.text, secrets)}`] : []))
    .slice(0, MAX_ITEMS);
  if (snapshot.h1 !== null && !headings.some((h) => h.startsWith('h1 ')))
    headings.unshift(`h1 ${fingerprintText(snapshot.h1, secrets)}`);
  const fields = snapshot.controls
    .map((c) =>
      [
        c.kind,
        c.name && `name=${c.name}`,
        c.id && `id=${c.id}`,
        c.label && `"${fingerprintText(c.label, secrets)}"`,
      ]
        .filter((part) => part !== '')
        .join(' '),
    )
    .slice(0, MAX_ITEMS);
  const buttons = snapshot.actions
    .filter((a) => a.role === 'button')
    .map((a) => fingerprintText(a.name, secrets))
    .slice(0, MAX_ITEMS);
  const structure = {
    host: snapshot.host,
    path: fingerprintPath(snapshot.path, secrets),
    headings,
    fields,
    buttons,
  };
  const id = createHash('sha256').update(JSON.stringify(structure)).digest('hex').slice(0, 16);
  return { id, step, ...structure };
}
