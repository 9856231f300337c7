// Turns a document's shell `run` blocks into one bash session, as a reader types them into one
// terminal: variables, files and the folder carry over from block to block. What each block needs is
// stated in its marker (the convention is described at the top of test/docs-blocks.test.ts):
//
//   skip="npm install|npm ci && npm run build"  lines that begin so are not run (the repository's
//                                               install and build did them)
//   background="node server.mjs"                lines that begin so run in the background, as in another
//                                               terminal (so do lines ending in `&`); the block goes on
//                                               once the port of their `--port N` (else $PORT) accepts
//                                               connections
//   port=8080                                   the port a server of the block listens on by default:
//                                               replaced by a free port here and in later blocks, and
//                                               exported as PORT and RTW_PORT
//   ports=8090                                  other ports the text names, replaced the same way
//   stop=background                             stops the background processes first (a reader's Ctrl-C)
//   cwd=repo                                    runs in the repository root (the block writes nothing)
//   env="A=1 B=2"                               exported for the block (unset after it)
//   expect="text"                               the block's output must contain this text
// Background processes are stopped (their whole process group) when the session ends; their ids are
// also written to `.doc-pids` in the session's folder, so the test stops them if bash itself is killed.
import type { DocBlock } from './doc-blocks.js';

export interface Session {
  script: string;
  /** The document line of each script line (1-based), where the script comes from the document. */
  docLine: (scriptLine: number) => number | undefined;
  /** The block whose output a stdout marker `__DOCTEST_BLOCK <line>` starts. */
  expectations: { line: number; text: string }[];
}

const PRELUDE = [
  'set -eE -m',
  '__pids=()',
  '__stop() {',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash, not a template
  '  for p in "${__pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null || true; done',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash, not a template
  '  for p in "${__pids[@]}"; do wait "$p" 2>/dev/null || true; done',
  '  __pids=()',
  '}',
  'trap __stop EXIT',
  `trap 'echo "__DOCTEST_FAILED_AT $LINENO" >&2' ERR`,
  '__wait_port() {',
  '  for _ in $(seq 1 1800); do',
  '    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi',
  '    sleep 0.1',
  '  done',
  '  echo "nothing listened on port $1 within 180 s" >&2',
  '  return 1',
  '}',
].join('\n');

const list = (value: string | undefined, separator: RegExp) =>
  (value ?? '')
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * @param blocks the document's shell `run` blocks, in order
 * @param freePort gives a free port for each port the markers name
 * @param replace further text replacements for every block (a started server's URL and key)
 */
export function buildSession(
  blocks: DocBlock[],
  opts: { repo: string; freePort: () => number; replace?: [string, string][] },
): Session {
  const lines = PRELUDE.split('\n');
  const map: (number | undefined)[] = lines.map(() => undefined);
  const push = (text: string, docLine?: number) => {
    lines.push(text);
    map.push(docLine);
  };
  const replacements: [RegExp, string][] = (opts.replace ?? []).map(([from, to]) => [
    new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'),
    to,
  ]);
  const expectations: Session['expectations'] = [];
  for (const block of blocks) {
    const attrs = block.marker?.attrs ?? {};
    const ports = [...list(attrs.port, /[\s,]+/), ...list(attrs.ports, /[\s,]+/)];
    const given = new Map(ports.map((port) => [port, String(opts.freePort())]));
    for (const [port, free] of given) replacements.push([new RegExp(`\\b${port}\\b`, 'g'), free]);
    // On a line of its own even when the previous output did not end its line (`curl -s`).
    push(`echo; echo "__DOCTEST_BLOCK ${block.line}"`);
    if (attrs.stop === 'background') push('__stop');
    push(`cd ${attrs.cwd === 'repo' ? JSON.stringify(opts.repo) : '"$__session"'}`);
    if (attrs.port) push(`export PORT=${given.get(attrs.port)} RTW_PORT=${given.get(attrs.port)}`);
    for (const pair of list(attrs.env, /\s+/)) push(`export ${pair}`);
    if (attrs.expect) expectations.push({ line: block.line, text: attrs.expect });
    const skip = list(attrs.skip, /\|/);
    const background = list(attrs.background, /\|/);
    block.code.split('\n').forEach((raw, i) => {
      const docLine = block.line + 1 + i;
      let text = raw;
      for (const [from, to] of replacements) text = text.replace(from, to);
      // The command after any `NAME=value ` assignments in front of it.
      const command = text.trimStart().replace(/^(\w+=\S*\s+)+/, '');
      const starts = background.some((prefix) => command.startsWith(prefix));
      const ends = /&\s*(#.*)?$/.test(text) && !/&&\s*(#.*)?$/.test(text);
      if (skip.some((prefix) => command.startsWith(prefix))) push(':', docLine);
      else if (!starts && !ends) push(text, docLine);
      else {
        push(starts ? `${text.replace(/\s+#.*$/, '')} &` : text, docLine);
        const flag = /--port[ =](\d+)/.exec(text)?.[1];
        // In the session's folder whatever the block's cwd: the test reads it from there.
        push(
          `__pids+=("$!"); echo "$!" >> "$__session/.doc-pids"; __wait_port ${flag ?? '"$PORT"'}`,
          docLine,
        );
      }
    });
    // env= is this block's only (the next block may need the variable unset: the server README's second).
    for (const pair of list(attrs.env, /\s+/)) push(`unset ${pair.slice(0, pair.indexOf('='))}`);
  }
  return {
    script: `${lines.join('\n')}\n`,
    docLine: (scriptLine) => map[scriptLine - 1],
    expectations,
  };
}

/** Each block's output, from the `__DOCTEST_BLOCK <line>` markers the session prints. */
export function outputByBlock(stdout: string): Map<number, string> {
  const found = new Map<number, string>();
  let current: number | undefined;
  for (const text of stdout.split('\n')) {
    const marker = /^__DOCTEST_BLOCK (\d+)$/.exec(text);
    if (marker) current = Number(marker[1]);
    else if (current !== undefined) found.set(current, `${found.get(current) ?? ''}${text}\n`);
  }
  return found;
}
