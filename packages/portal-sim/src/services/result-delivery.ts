import type { SimPerson } from '../seed/person.js';
import type { SimVariants } from '../variants.js';

/** The photo's `src`: the `data:` URI seen on the real pages, or a URL that needs the session cookie. */
export function photoSrc(variants: SimVariants, person: SimPerson, sessionUrl: string): string {
  return variants.photo === 'session-url' ? sessionUrl : person.photoDataUrl;
}

/**
 * How the PDF reaches the browser: `attachment` (a download), `inline` (shown in the same tab),
 * or `new-tab` (the control opens a new tab, target=_blank, and the PDF shows inline there).
 */
export function pdfDelivery(variants: SimVariants): {
  readonly disposition: 'attachment' | 'inline';
  readonly target: '_blank' | null;
} {
  if (variants.pdf === 'attachment') return { disposition: 'attachment', target: null };
  return { disposition: 'inline', target: variants.pdf === 'new-tab' ? '_blank' : null };
}
