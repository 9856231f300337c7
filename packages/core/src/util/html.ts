import { escapeHtml } from './escape-html.js';

/** A piece of markup that is already safe: interpolated into `html` as is. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/**
 * Markup with every interpolated value escaped (text and attribute values alike), unless it is
 * SafeHtml from another `html` call. Arrays are joined; null, undefined and false render nothing.
 * The applicant's page and the service's dashboard interpolate only through this.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}
