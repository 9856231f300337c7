// Docs are tests: every fenced code block of every README and docs/ page carries a marker, on the
// line just above its opening fence (blank lines between are fine), saying how it is proven:
//
//   <!-- doc-test: run -->                 run as written (ts/js): transpiled, then
//                                          `node --import @sharecode/sandbox/register` in a fresh
//                                          folder (for an example's README, a copy of the example's
//                                          files, so `./src/app.mjs` resolves) with
//                                          RTW_API_KEY=rtw_test_0000..., so the client's default base
//                                          URL is the in-process sandbox (use its test share codes).
//                                          Also type-checked like a fragment. Takes `env="A=1 B=2"`.
//   <!-- doc-test: run -->  on a sh block: the document's sh blocks run in order as ONE bash session
//                                          (`set -e`), as a reader types them into one terminal, in a
//                                          folder of the document's own (an example's: a copy of its
//                                          files), with the repository's bins on PATH, a temporary
//                                          HOME and nothing else from the environment. What a block
//                                          needs is stated in its marker (test/support/doc-session.ts
//                                          lists the options): `skip=`, `background=` (a server in
//                                          "another terminal"), `port=`/`ports=` (replaced by free
//                                          ports), `stop=background`, `cwd=repo`, `env=`, `expect=`,
//                                          `files="your-script.mjs=ID"` (the named block's code is
//                                          written to that file first), and `server=rtw-server`:
//                                          the built rtw-server, started once for the run in test
//                                          mode, on a free port with its own data folder, with an
//                                          account and a test key; the blocks' `http://127.0.0.1:8080`
//                                          becomes its URL, `rtw_test_...` its key, and RTW_BASE_URL
//                                          is set to it.
//                                          A run block runs ALONE, as a reader who copies only it
//                                          would run it: `uses=` is refused on run blocks, and a js
//                                          block is run verbatim (saved as .mjs, not transpiled), so
//                                          a TypeScript annotation in it fails as it would for them.
//   <!-- doc-test: run id=your-script -->  names the block, so a later one can use it (`files=`).
//   <!-- doc-test: fragment declare="declare const client: import('@sharecode/sdk').ShareCodeClient;" -->
//                                          type-checked in strict mode (the root tsconfig's flags)
//                                          against the built packages, `declare` text first: it
//                                          declares the block's free names. Takes `uses=` (the
//                                          named blocks' code is put before this one). A json
//                                          fragment must parse.
//   <!-- doc-test: covered-by path/to/some.test.ts reason="..." -->
//                                          another test runs this code (the file must exist).
//   <!-- doc-test: output -->              what a command prints (text), not code.
//   <!-- doc-test: not-run reason="..." -->  a command this test cannot run (an install from the
//                                          registry); the reason is required and should name what
//                                          proves it instead.
//
// A failure names the document, the line and the error (tsc's message at the document's own line for
// type errors; the failing command's line and the session's output for sh blocks; the script's output
// for runs). Every README and docs/ page is checked here, except the documents another test owns
// (COVERED): a new document without markers fails.
// Needs the built packages (`npm run build`): the packaging project runs it.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocBlock, MARKER_KINDS, readBlocks } from './support/doc-blocks.js';
import { docServer, stopDocServer } from './support/doc-server.js';
import { buildSession, outputByBlock } from './support/doc-session.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const exec = promisify(execFile);
const TEST_KEY = `rtw_test_${'0'.repeat(40)}`;

/** Documents whose blocks another test runs. */
const COVERED: Record<string, string> = {
  'packages/cli/README.md': 'the CLI README test (test/cli-readme.test.ts) runs every block of it',
  'docs/operations.md':
    'the container test (test/container/container.test.ts) runs every block as written; test/deploy-files.test.ts fails on a block without its <!-- container-test: --> marker',
  'packages/register/README.md':
    'test/pack-install.test.ts runs its example as written against the installed packages ("@sharecode/register\'s README example")',
};

/** No `!` and no casts in these documents' code: the SDK's types must narrow on their own. */
const NO_ASSERTIONS = ['packages/sdk/README.md'];

function documents(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (['node_modules', 'dist', '.git', '.changeset', 'coverage'].includes(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !path.startsWith('test/runtimes')) walk(path);
      } else if (entry.name === 'README.md' || (path.startsWith('docs/') && entry.name.endsWith('.md'))) {
        found.push(path);
      }
    }
  };
  walk('');
  return found.sort();
}

const DOCS = documents();
const CHECKED = DOCS.filter((doc) => !(doc in COVERED));
const BLOCKS = CHECKED.flatMap((doc) => readBlocks(root, doc));
const where = (block: DocBlock) => `${block.doc}:${block.line}`;
const isCode = (block: DocBlock) => ['ts', 'typescript', 'js', 'javascript', 'mjs'].includes(block.lang);
const isShell = (block: DocBlock) => ['sh', 'bash', 'shell'].includes(block.lang);
const isJs = (block: DocBlock) => block.lang.startsWith('j') || block.lang === 'mjs';

/** The code a block stands on: the blocks named by `uses=`, in order, then its own. */
function withSetup(block: DocBlock): { prelude: string; code: string } {
  const uses = block.marker?.attrs.uses?.split(',').filter(Boolean) ?? [];
  const parts = uses.map((id) => named(block, id).code);
  return { prelude: parts.join('\n'), code: block.code };
}

function named(block: DocBlock, id: string): DocBlock {
  const found = BLOCKS.find((b) => b.doc === block.doc && b.marker?.attrs.id === id);
  if (!found) throw new Error(`${where(block)}: names block id=${id}, but no block of ${block.doc} has it`);
  return found;
}

const pairs = (value: string | undefined) =>
  Object.fromEntries(
    (value ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

let work = '';
const folders = new Map<string, string>();
/**
 * The document's own folder for this run: for an example's README a copy of the example's files
 * (not its tests or node_modules), else an empty one. Inside the repository, so the code resolves
 * @sharecode/* and the examples' libraries from its node_modules.
 */
function folderOf(doc: string): string {
  let folder = folders.get(doc);
  if (folder) return folder;
  folder = mkdtempSync(join(work, `${doc.replace(/[^\w]+/g, '-')}-`));
  if (doc.startsWith('examples/')) {
    cpSync(join(root, dirname(doc)), folder, {
      recursive: true,
      filter: (from) => !/[/\\](node_modules|test|dist)$/.test(from),
    });
  }
  folders.set(doc, folder);
  return folder;
}

beforeAll(() => {
  mkdirSync(join(root, 'test', '.docs-work'), { recursive: true });
  work = mkdtempSync(join(root, 'test', '.docs-work', 'run-'));
});
afterAll(async () => {
  await stopDocServer();
  // DOCS_KEEP=1 keeps the folders (each session's script is its .doc-session.sh) for a look.
  if (work && process.env.DOCS_KEEP !== '1') rmSync(work, { recursive: true, force: true });
});

const failed = (e: { code?: number; signal?: string; stdout?: string; stderr?: string }) => ({
  code: typeof e.code === 'number' ? e.code : 1,
  stdout: e.stdout ?? '',
  stderr: `${e.signal ? `stopped by ${e.signal}: it outlived its time limit\n` : ''}${e.stderr ?? String(e)}`,
});

describe('docs: every fenced block is run, type-checked or marked', () => {
  it('finds the documents', () => {
    expect(DOCS).toContain('packages/sdk/README.md');
    for (const doc of Object.keys(COVERED)) {
      expect(DOCS, `${doc} is listed in COVERED but does not exist`).toContain(doc);
    }
  });

  it('gives every block of the checked documents a known marker', () => {
    const problems = BLOCKS.flatMap((block) => {
      if (!block.marker) return [`${where(block)}: no <!-- doc-test: ... --> marker above this block`];
      if (!MARKER_KINDS.includes(block.marker.kind as never))
        return [`${where(block)}: unknown marker "${block.marker.kind}"`];
      if (block.marker.kind === 'not-run' && !block.marker.attrs.reason)
        return [`${where(block)}: not-run needs reason="..."`];
      if (block.marker.kind === 'covered-by' && !existsSync(join(root, block.marker.target ?? '')))
        return [`${where(block)}: covered-by names ${block.marker.target}, which does not exist`];
      if (block.marker.kind === 'run' && !isCode(block) && !isShell(block))
        return [`${where(block)}: run supports ts, js and sh blocks (got "${block.lang}")`];
      if (block.marker.kind === 'run' && isCode(block) && block.marker.attrs.uses)
        return [
          `${where(block)}: a run block must run alone, as a reader who copies only it runs it: put what it needs (the client, its imports) in the block instead of uses=`,
        ];
      if (block.marker.kind === 'fragment' && !isCode(block) && block.lang !== 'json')
        return [`${where(block)}: fragment supports ts, js and json blocks (got "${block.lang}")`];
      return [];
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('uses no non-null assertion or cast where the types must narrow on their own', () => {
    const problems = BLOCKS.filter((b) => NO_ASSERTIONS.includes(b.doc) && isCode(b)).flatMap((block) =>
      block.code.split('\n').flatMap((text, i) => {
        const code = text.replace(/\/\/.*$/, '').replace(/'[^']*'|`[^`]*`/g, "''");
        const bad = /[\w)\]]!(?=[.[(),;\s]|$)/.test(code) || /\bas\s+(?!const\b)[\w{(]/.test(code);
        return bad ? [`${block.doc}:${block.line + 1 + i}: ${text.trim()}`] : [];
      }),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });

  // Delivery is at least once: a receiver a reader copies must not process a replayed event twice.
  it('de-duplicates on webhook-id in every webhook receiver', () => {
    const receivers = BLOCKS.filter(
      (b) => isCode(b) && /verifyWebhook\(/.test(b.code) && /\.post(<[^>]*>)?\(/.test(b.code),
    );
    expect(receivers.length).toBeGreaterThan(0);
    const problems = receivers
      .filter((block) => !/webhook-id/.test(block.code))
      .map(
        (block) => `${where(block)}: this receiver never reads webhook-id, so a replayed delivery runs twice`,
      );
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('parses every json fragment', () => {
    const problems = BLOCKS.filter((b) => b.lang === 'json' && b.marker?.kind === 'fragment').flatMap(
      (block) => {
        try {
          JSON.parse(block.code);
          return [];
        } catch (error) {
          return [`${where(block)}: ${(error as Error).message}`];
        }
      },
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });

  // One TypeScript program for every block: one compiler start, not one per block.
  it('type-checks every run and fragment block in strict mode against the built packages', async () => {
    const blocks = BLOCKS.filter(
      (b) => isCode(b) && (b.marker?.kind === 'run' || b.marker?.kind === 'fragment'),
    );
    const dir = join(work, 'check');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    const files = new Map<string, { block: DocBlock; preludeLines: number }>();
    blocks.forEach((block, n) => {
      const { prelude, code } = withSetup(block);
      // A JS block is checked as its reader's editor would with `// @ts-check`; the example's own JS
      // files it imports are not (checkJs is off).
      const head = [
        isJs(block) ? '// @ts-check' : '',
        block.marker?.attrs.declare ?? '',
        'export {};',
        prelude,
      ].join('\n');
      // An example's blocks import its files (`./src/app.mjs`): checked beside them, in its copy.
      const home = block.doc.startsWith('examples/') ? folderOf(block.doc) : dir;
      const name = relative(dir, join(home, `doc-block-${n}.${isJs(block) ? 'mjs' : 'mts'}`));
      writeFileSync(join(dir, name), `${head}\n${code}\n`);
      files.set(name, { block, preludeLines: head.split('\n').length });
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: relative(dir, join(root, 'tsconfig.json')),
        compilerOptions: { noUnusedLocals: false, noUnusedParameters: false, noEmit: true, allowJs: true },
        files: [...files.keys()],
      }),
    );
    const tsc = await exec(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: dir,
    }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    // TS7016: a library without types (express) is `any` to a JS reader; not the document's fault.
    const problems = tsc
      .split('\n')
      .filter((line) => line.includes('error TS') && !(/\.mjs\(/.test(line) && line.includes('error TS7016')))
      .map((line) => {
        const match = /^(.*doc-block-\d+\.m[tj]s)\((\d+),\d+\): (.*)$/.exec(line);
        const file = match && files.get(match[1] ?? '');
        if (!match || !file) return line;
        const at = Number(match[2]) - file.preludeLines;
        const docLine = at > 0 ? file.block.line + at : `${file.block.line} (in its setup)`;
        return `${file.block.doc}:${docLine}: ${match[3]}`;
      });
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000); // one tsc program, minutes on a loaded machine

  // Each document's sh blocks: one bash session, its own folder, ports and server, so documents run
  // side by side.
  const sessions = CHECKED.map((doc) => ({
    doc,
    blocks: BLOCKS.filter((b) => b.doc === doc && b.marker?.kind === 'run' && isShell(b)),
  })).filter((s) => s.blocks.length > 0);
  it.concurrent.each(sessions.map((s) => [s.doc, s] as const))(
    'runs the commands of %s as one session',
    async (_name, { doc, blocks }) => {
      const folder = folderOf(doc);
      for (const block of blocks) {
        for (const [file, id] of Object.entries(pairs(block.marker?.attrs.files))) {
          writeFileSync(join(folder, file), named(block, id).code);
        }
      }
      const server = blocks.some((b) => b.marker?.attrs.server === 'rtw-server')
        ? await docServer(root, work)
        : undefined;
      try {
        const session = buildSession(blocks, {
          repo: root,
          freePort: await freePorts(blocks),
          replace: server
            ? [
                ['http://127.0.0.1:8080', server.url],
                ['rtw_test_...', server.key],
              ]
            : [],
        });
        const env = {
          PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
          HOME: mkdtempSync(join(work, 'home-')),
          NO_COLOR: '1',
          __session: folder,
          ...(server ? { RTW_BASE_URL: server.url } : {}),
        };
        writeFileSync(join(folder, '.doc-session.sh'), session.script);
        // Generous: the server README's live check launches Chromium, slow on a loaded machine.
        const run = await exec('bash', ['.doc-session.sh'], { cwd: folder, env, timeout: 420_000 }).then(
          (r) => ({ code: 0, ...r }),
          failed,
        );
        const at = /__DOCTEST_FAILED_AT (\d+)/.exec(run.stderr);
        // The failing command's line; when bash was stopped (a time limit), the block that was running.
        const running = [...run.stdout.matchAll(/^__DOCTEST_BLOCK (\d+)$/gm)].pop()?.[1];
        const line = at ? session.docLine(Number(at[1])) : running;
        const output = `${run.stderr}\n${run.stdout}`.replace(/^__DOCTEST_.*\n/gm, '');
        expect(run.code, `${doc}:${line ?? '?'}: this command failed (exit ${run.code}):\n${output}`).toBe(0);
        const outputs = outputByBlock(run.stdout);
        for (const { line: blockLine, text } of session.expectations) {
          expect(outputs.get(blockLine) ?? '', `${doc}:${blockLine}: the output lacks "${text}"`).toContain(
            text,
          );
        }
      } finally {
        stopLeftovers(join(folder, '.doc-pids'));
      }
    },
    480_000,
  );

  // Code blocks run in one Node process per group of blocks that share a folder and environment (an
  // example's blocks in its copy; blocks with `env=` or `cwd=doc` apart; every other block together):
  // one process start and one sandbox load instead of one per block.
  const runs = BLOCKS.filter((b) => b.marker?.kind === 'run' && isCode(b));
  const groups = new Map<string, DocBlock[]>();
  for (const block of runs) {
    const attrs = block.marker?.attrs ?? {};
    const key = block.doc.startsWith('examples/')
      ? `${block.doc}${attrs.env ? ` with ${attrs.env}` : ''}`
      : attrs.env || attrs.cwd === 'doc'
        ? where(block)
        : 'the sandbox';
    groups.set(key, [...(groups.get(key) ?? []), block]);
  }
  it.concurrent.each(
    [...groups].map(([key, blocks]) => [key, blocks.map(where).join(', '), blocks] as const),
  )(
    'runs the code blocks of %s in one process (%s)',
    async (_key, _names, blocks) => {
      const first = blocks[0] as DocBlock;
      const attrs = first.marker?.attrs ?? {};
      const dir = first.doc.startsWith('examples/') ? folderOf(first.doc) : mkdtempSync(join(work, 'block-'));
      const files = await Promise.all(
        blocks.map(async (block) => {
          // Alone (no uses=), and a js block exactly as written: what a reader saves as .mjs.
          const code = isJs(block)
            ? block.code
            : (await transform(block.code, { loader: 'ts', format: 'esm', target: 'node20' })).code;
          const file = join(dir, `doc-run-${block.doc.replace(/[^\w]+/g, '-')}-${block.line}.mjs`);
          writeFileSync(file, code);
          return file;
        }),
      );
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: mkdtempSync(join(work, 'home-')),
        RTW_API_KEY: TEST_KEY,
        NO_COLOR: '1',
        ...pairs(attrs.env),
      };
      // cwd=doc: run from the document's folder (paths in the code are relative to it).
      const cwd = attrs.cwd === 'doc' ? join(root, dirname(first.doc)) : dir;
      const runner = join(root, 'test', 'support', 'doc-run-blocks.mjs');
      const run = await exec(
        process.execPath,
        ['--import', '@sharecode/sandbox/register', runner, ...files],
        {
          cwd,
          env,
          timeout: 120_000,
        },
      ).then((r) => ({ code: 0, ...r }), failed);
      const errors = outputByBlock(run.stderr.replace(/^__DOCTEST_FAILED \d+$/gm, ''));
      const problems = blocks.flatMap((block, n) => {
        if (run.stderr.includes(`__DOCTEST_FAILED ${n}\n`))
          return [`${where(block)}: the example failed:\n${errors.get(n) ?? ''}`];
        const wanted = block.marker?.attrs.expect;
        const output = outputByBlock(run.stdout).get(n) ?? '';
        return wanted && !output.includes(wanted)
          ? [`${where(block)}: the output lacks "${wanted}":\n${output}`]
          : [];
      });
      if (problems.length === 0 && run.code !== 0)
        problems.push(
          `${blocks.map(where).join(', ')}: the run failed (exit ${run.code}):\n${run.stderr}\n${run.stdout}`,
        );
      expect(problems, problems.join('\n')).toEqual([]);
    },
    180_000,
  );
});

/** Stops what a session started in the background and did not stop (its bash was killed: a timeout). */
function stopLeftovers(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  for (const pid of readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number)) {
    try {
      process.kill(-pid, 'SIGKILL'); // its process group: npx and the node it started
    } catch {
      // already ended
    }
  }
}

/** A free port for each port the blocks' markers name (a listener on port 0, closed again). */
async function freePorts(blocks: DocBlock[]): Promise<() => number> {
  const named = blocks.flatMap((b) =>
    `${b.marker?.attrs.port ?? ''} ${b.marker?.attrs.ports ?? ''}`.split(/[\s,]+/),
  );
  const listeners = named.filter(Boolean).map(() => createServer());
  const ports = await Promise.all(
    listeners.map(
      (listener) =>
        new Promise<number>((resolve) =>
          listener.listen(0, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port)),
        ),
    ),
  );
  await Promise.all(listeners.map((listener) => new Promise((resolve) => listener.close(resolve))));
  return () => {
    const port = ports.shift();
    if (port === undefined) throw new Error('more ports asked for than the markers name');
    return port;
  };
}
