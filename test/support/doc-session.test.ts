// How a document's sh blocks become one bash session: what the markers ask for, and the map from a
// script line back to the document's line (what a failure names).
import { describe, expect, it } from 'vitest';
import type { DocBlock } from './doc-blocks.js';
import { buildSession, outputByBlock } from './doc-session.js';

const block = (line: number, code: string, attrs: Record<string, string> = {}): DocBlock => ({
  doc: 'examples/x/README.md',
  line,
  lang: 'sh',
  code,
  marker: { kind: 'run', target: undefined, attrs },
});

describe('buildSession', () => {
  const ports = [41001, 41002];
  const session = buildSession(
    [
      block(10, 'npm install\nRTW_X=1 node server.mjs\necho ready', {
        skip: 'npm install',
        background: 'node server.mjs',
        port: '3000',
        expect: 'ready',
      }),
      block(20, 'curl -s http://127.0.0.1:3000/hooks rtw_test_...\nnpx portal-sim --port 8090 &', {
        ports: '8090',
        stop: 'background',
      }),
    ],
    { repo: '/repo', freePort: () => ports.shift() ?? 0, replace: [['rtw_test_...', 'rtw_test_KEY']] },
  );
  const lines = session.script.split('\n');
  const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;

  it('skips the install, backgrounds the server and waits for its port', () => {
    expect(session.script).not.toContain('npm install');
    expect(session.docLine(at('RTW_X=1 node server.mjs &'))).toBe(12);
    expect(lines[at('RTW_X=1 node server.mjs &')]).toContain('__wait_port "$PORT"');
    expect(session.script).toContain('export PORT=41001 RTW_PORT=41001');
  });

  it('replaces the ports and the key in this block and later ones, and waits on a --port', () => {
    expect(session.docLine(at('curl -s http://127.0.0.1:41001/hooks rtw_test_KEY'))).toBe(21);
    expect(lines[at('npx portal-sim --port 41002 &')]).toContain('__wait_port 41002');
  });

  it('stops the background before a block that says so, and keeps its expectation', () => {
    expect(lines.indexOf('__stop')).toBeGreaterThan(at('__DOCTEST_BLOCK 20') - 1);
    expect(session.expectations).toEqual([{ line: 10, text: 'ready' }]);
  });

  it("splits a session's output by block", () => {
    expect(outputByBlock('__DOCTEST_BLOCK 10\nready\n__DOCTEST_BLOCK 20\nok\n')).toEqual(
      new Map([
        [10, 'ready\n'],
        [20, 'ok\n\n'],
      ]),
    );
  });
});
