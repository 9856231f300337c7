// Reads the fenced code blocks of a Markdown document with the doc-test marker above each one (the
// convention is described at the top of test/docs-blocks.test.ts).
import { readFileSync } from 'node:fs';

export type MarkerKind = 'run' | 'fragment' | 'covered-by' | 'output' | 'not-run';
export const MARKER_KINDS: readonly MarkerKind[] = ['run', 'fragment', 'covered-by', 'output', 'not-run'];

export interface DocBlock {
  /** Path relative to the repository root. */
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  marker: { kind: string; target: string | undefined; attrs: Record<string, string> } | undefined;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;
const MARKER = /^<!--\s*doc-test:\s*([\w-]+)(.*?)-->\s*$/;
const ATTR = /([\w-]+)=(?:"([^"]*)"|(\S+))|(\S+)/g;

export function readBlocks(root: string, doc: string): DocBlock[] {
  const lines = readFileSync(`${root}/${doc}`, 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '```', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j] ?? '').trim().startsWith(fence); j++) {
      body.push((lines[j] ?? '').slice(indent.length));
    }
    let k = i - 1;
    while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
    blocks.push({
      doc,
      line: i + 1,
      lang,
      code: body.join('\n'),
      marker: parseMarker(lines[k]?.trim() ?? ''),
    });
    i = j;
  }
  return blocks;
}

function parseMarker(line: string): DocBlock['marker'] {
  const match = MARKER.exec(line);
  if (!match) return undefined;
  const attrs: Record<string, string> = {};
  let target: string | undefined;
  for (const part of (match[2] ?? '').matchAll(ATTR)) {
    if (part[1] !== undefined) attrs[part[1]] = part[2] ?? part[3] ?? '';
    else target ??= part[4];
  }
  return { kind: match[1] ?? '', target, attrs };
}
