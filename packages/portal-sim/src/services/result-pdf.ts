import type { PdfBlock, PdfContent } from '../pdf/pdf-content.js';
import type { SimPerson } from '../seed/person.js';
import type { PageShape } from './page-shape.js';

/** What every result view carries for the PDF's header. */
interface ViewHead {
  readonly labels: { readonly title: string };
  readonly name: string;
}

/**
 * A service's result PDF: the normal page's view (the real PDFs never follow a changed page), its
 * words laid out by `blocksOf` under the header every result PDF has (title, name, photo).
 */
export function resultPdf<P extends SimPerson, C, V extends ViewHead>(
  view: (person: P, check: C, shape: PageShape) => V,
  blocksOf: (view: V) => PdfBlock[],
): (person: P, check: C, createdAt: Date) => PdfContent {
  return (person, check, createdAt) => {
    const shown = view(person, check, 'normal');
    const { title } = shown.labels;
    return { title, name: shown.name, photoJpeg: person.photoJpeg, blocks: blocksOf(shown), createdAt };
  };
}
