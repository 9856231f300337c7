/**
 * What the driver reads of a portal page, taken in one round trip: headings, paragraphs, list items
 * and summary-list rows in document order, the form controls by label, the buttons and links by name.
 * Everything is found by element semantics (headings, labels, roles, ids), never by CSS class, and
 * only inside <main>, so the cookie banner and the timeout dialog never get in the way.
 */
export interface SnapshotControl {
  readonly kind: 'text' | 'radio' | 'checkbox' | 'select' | 'other';
  readonly id: string;
  readonly name: string;
  /** The associated label's text (or aria-label); '' when it has none. */
  readonly label: string;
  /** The enclosing fieldset's legend; '' when none. */
  readonly legend: string;
}

export interface SnapshotAction {
  readonly role: 'button' | 'link';
  /** Accessible name: aria-label, else text, else value. */
  readonly name: string;
  readonly id: string;
}

export type SnapshotBlock =
  | { readonly t: 'heading'; readonly level: number; readonly text: string }
  /** `ids`: the ids on the paragraph and inside it (the check-detail ids of view-immigration-status). */
  | { readonly t: 'paragraph'; readonly text: string; readonly ids?: readonly string[] }
  | { readonly t: 'item'; readonly text: string }
  /** A summary-list row (dt/dd) or a table row (th/td); `ids` are the ids on the value and inside it. */
  | { readonly t: 'row'; readonly key: string; readonly value: string; readonly ids: readonly string[] };

export interface SnapshotImage {
  readonly id: string;
  readonly alt: string;
  /** Position among the images in <main>, for images without an id. */
  readonly index: number;
  readonly isDataUrl: boolean;
}

export interface DomSnapshot {
  readonly title: string;
  /** location.pathname: never the query, which could carry a reference. */
  readonly path: string;
  /** location.host: the sign-in hop of right to work lands on another host. */
  readonly host: string;
  readonly h1: string | null;
  readonly blocks: readonly SnapshotBlock[];
  /** The items of a GOV.UK error summary ("There is a problem"); empty when there is none. */
  readonly errorSummary: readonly string[];
  readonly controls: readonly SnapshotControl[];
  readonly actions: readonly SnapshotAction[];
  readonly images: readonly SnapshotImage[];
  readonly hasMain: boolean;
}

export interface PageSnapshot extends DomSnapshot {
  /** HTTP status of the document (after redirects); null when unknown. */
  readonly status: number | null;
}

/**
 * Runs inside the page (page.evaluate): it must not refer to anything outside its own body.
 * Visually hidden text (such as "Error:") is kept: textContent does not depend on stylesheets,
 * which the driver blocks.
 */
export function collectSnapshot(): DomSnapshot {
  const norm = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const main = document.querySelector('main') ?? document.querySelector('[role="main"]');
  const root: Element = main ?? document.body;
  const hidden = (el: Element): boolean => el.closest('[hidden], [aria-hidden="true"]') !== null;

  const summary =
    root.querySelector('[data-module="govuk-error-summary"]') ??
    Array.from(root.querySelectorAll('[role="alert"]')).find((el) =>
      /there is a problem/i.test(el.textContent ?? ''),
    ) ??
    null;
  const errorSummary: string[] = [];
  if (summary && !hidden(summary)) {
    for (const item of Array.from(summary.querySelectorAll('li'))) {
      const text = norm(item.textContent);
      if (text) errorSummary.push(text);
    }
    if (errorSummary.length === 0) {
      const text = norm(summary.textContent).replace(/^there is a problem\s*/i, '');
      if (text) errorSummary.push(text);
    }
  }

  const blocks: DomSnapshot['blocks'][number][] = [];
  for (const el of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6, p, li, dt, th'))) {
    if (hidden(el) || summary?.contains(el)) continue;
    const tag = el.tagName.toLowerCase();
    if (tag === 'th') {
      // A table row "Reference number | WE-..." is a labelled value like a summary-list row.
      const cell = el.parentElement?.querySelector('td');
      if (!cell || el.parentElement?.tagName.toLowerCase() !== 'tr') continue;
      const ids = [cell.id, ...Array.from(cell.querySelectorAll('[id]')).map((inner) => inner.id)].filter(
        (id) => id !== '',
      );
      blocks.push({ t: 'row', key: norm(el.textContent), value: norm(cell.textContent), ids });
      continue;
    }
    if (tag === 'dt') {
      let value: Element | null = el.nextElementSibling;
      while (value && value.tagName.toLowerCase() !== 'dd') value = value.nextElementSibling;
      const ids: string[] = [];
      if (value) {
        if (value.id) ids.push(value.id);
        for (const inner of Array.from(value.querySelectorAll('[id]'))) ids.push(inner.id);
      }
      blocks.push({ t: 'row', key: norm(el.textContent), value: norm(value?.textContent), ids });
      continue;
    }
    // Text inside a summary-list value, a table cell or a list item is already part of that row or item.
    if (el.parentElement?.closest('dd, li, td')) continue;
    const text = norm(el.textContent);
    if (!text) continue;
    if (tag === 'p') {
      const ids = [el.id, ...Array.from(el.querySelectorAll('[id]')).map((inner) => inner.id)].filter(
        (id) => id !== '',
      );
      blocks.push(ids.length > 0 ? { t: 'paragraph', text, ids } : { t: 'paragraph', text });
    } else if (tag === 'li') blocks.push({ t: 'item', text });
    else blocks.push({ t: 'heading', level: Number(tag.slice(1)), text });
  }

  const controls: DomSnapshot['controls'][number][] = [];
  for (const el of Array.from(root.querySelectorAll('input, select, textarea'))) {
    if (hidden(el)) continue;
    const input = el as HTMLInputElement;
    const type = (input.getAttribute('type') ?? 'text').toLowerCase();
    if (['hidden', 'submit', 'button', 'image', 'reset'].includes(type)) continue;
    const tag = el.tagName.toLowerCase();
    const kind =
      tag === 'select'
        ? 'select'
        : tag === 'textarea' || ['text', 'search', 'tel', 'number', 'email'].includes(type)
          ? 'text'
          : type === 'radio'
            ? 'radio'
            : type === 'checkbox'
              ? 'checkbox'
              : 'other';
    const label = input.labels?.[0];
    const legend = el.closest('fieldset')?.querySelector('legend');
    controls.push({
      kind,
      id: input.id,
      name: input.name ?? '',
      label: norm(label?.textContent) || norm(input.getAttribute('aria-label')),
      legend: norm(legend?.textContent),
    });
  }

  const actions: DomSnapshot['actions'][number][] = [];
  for (const el of Array.from(
    root.querySelectorAll('button, input[type="submit"], input[type="button"], a[href], a[role="button"]'),
  )) {
    if (hidden(el)) continue;
    const tag = el.tagName.toLowerCase();
    const role = tag === 'a' && el.getAttribute('role') !== 'button' ? 'link' : 'button';
    const name =
      norm(el.getAttribute('aria-label')) ||
      norm(el.textContent) ||
      norm((el as HTMLInputElement).value ?? '');
    if (name) actions.push({ role, name, id: el.id });
    if (actions.length >= 60) break;
  }

  const images = Array.from(root.querySelectorAll('img')).map((img, index) => ({
    id: img.id,
    alt: norm(img.getAttribute('alt')),
    index,
    isDataUrl: (img.getAttribute('src') ?? '').startsWith('data:'),
  }));

  // A page whose <main> has no h1 must not borrow the timeout dialog's (it sits outside <main>).
  const h1 =
    root.querySelector('h1') ??
    Array.from(document.querySelectorAll('h1')).find(
      (el) => el.closest('dialog, [role="dialog"]') === null,
    ) ??
    null;
  return {
    title: norm(document.title),
    path: location.pathname,
    host: location.host,
    h1: h1 ? norm(h1.textContent) : null,
    blocks,
    errorSummary,
    controls,
    actions,
    images,
    hasMain: main !== null,
  };
}
