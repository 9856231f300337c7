import type { Outcome } from '@sharecode/core';

export type HeaderMap = Record<string, string>;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const START_LINE = /^(?:[A-Z]+ \S+ HTTP\/\d(?:\.\d)?|HTTP\/\d(?:\.\d)? \d{3}.*)$/;

function add(headers: HeaderMap, name: string, value: string): void {
  const key = name.toLowerCase();
  // A repeated header joins with a space: several webhook-signature entries stay separate tokens.
  headers[key] = headers[key] === undefined ? value : `${headers[key]} ${value}`;
}

function fromJson(text: string): Outcome<HeaderMap, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'it starts like JSON but is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: 'the JSON is not an object of header names to values' };
  }
  const headers: HeaderMap = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'string') add(headers, name, value);
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      for (const item of value) add(headers, name, item);
    } else return { ok: false, error: `the value of ${JSON.stringify(name)} is not a string` };
  }
  return { ok: true, value: headers };
}

function fromLines(text: string): Outcome<HeaderMap, string> {
  const headers: HeaderMap = {};
  const lines = text.split(/\r?\n/);
  let seen = false;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') {
      // A blank line ends the headers of an HTTP dump; leading blank lines are skipped.
      if (seen) break;
      continue;
    }
    if (!seen && START_LINE.test(line.trim())) {
      seen = true;
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name)) {
      return { ok: false, error: `line ${index + 1} is not "Name: value"` };
    }
    add(headers, name, line.slice(colon + 1).trim());
    seen = true;
  }
  return { ok: true, value: headers };
}

/**
 * Headers from a file: a JSON object (`{"webhook-id": "..."}`), or raw `Name: value` lines as an
 * HTTP dump or `curl -D` shows them (a request or status line first is skipped; a blank line ends
 * them). Names come back in lower case.
 */
export function parseHeaders(text: string): Outcome<HeaderMap, string> {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { ok: false, error: 'the file is empty' };
  return trimmed.startsWith('{') ? fromJson(trimmed) : fromLines(trimmed);
}

/** Headers as `Name: value` lines, the form `parseHeaders` and `curl -H @file` read. */
export function headerLines(headers: Readonly<Record<string, string>>): string {
  return `${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n`;
}
