/** Just enough HTML reading for the tests: the pages are our own, so regular expressions suffice. */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

export function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '');
}

/** The visible words of a fragment, whitespace collapsed. */
export function text(html: string): string {
  return decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The main content only (no header, banner or footer). */
export function main(html: string): string {
  const match = /<main[\s\S]*?<\/main>/.exec(html);
  return text(match ? match[0] : html);
}

export function csrf(html: string): string {
  const match = /name="_csrf" value="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no _csrf field on the page');
  return match[1];
}

export function h1(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1] === undefined ? '' : text(match[1]);
}

export function title(html: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/.exec(html);
  return match?.[1] === undefined ? '' : text(match[1]);
}

/** The text of the element with this id (a span, a p, ...). */
export function byId(html: string, id: string): string | null {
  const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match?.[2] === undefined ? null : text(match[2]);
}

export function attributeOf(html: string, id: string, attribute: string): string | null {
  const tag = new RegExp(`<\\w+[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) return null;
  const match = new RegExp(`\\b${attribute}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? null : decode(match[1]);
}

/** GOV.UK summary list rows as key -> value. */
export function summaryRows(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  const re =
    /<dt class="govuk-summary-list__key">([\s\S]*?)<\/dt>\s*<dd class="govuk-summary-list__value">([\s\S]*?)<\/dd>/g;
  for (const m of html.matchAll(re)) rows.set(text(m[1] ?? ''), text(m[2] ?? ''));
  return rows;
}

export function errorSummary(html: string): string[] {
  const box = /<div class="govuk-error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return [...box.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1] ?? ''));
}

/**
 * "Details of check" as label -> value, in either layout: h3 label + paragraph under the h2
 * (the real PDF's form), or summary-list rows.
 */
export function checkDetails(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const after = html.split(/<h2[^>]*>\s*Details of check\s*<\/h2>/)[1];
  if (after !== undefined) {
    const re = /<h3[^>]*>([\s\S]*?)<\/h3>\s*<p[^>]*>([\s\S]*?)<\/p>/g;
    for (const m of after.matchAll(re)) out.set(text(m[1] ?? ''), text(m[2] ?? ''));
  }
  return out.size > 0 ? out : summaryRows(html);
}

/** The HTML outside <main> (banners, header, footer, dialogs). */
export function outsideMain(html: string): string {
  return html.replace(/<main[\s\S]*?<\/main>/, '');
}
