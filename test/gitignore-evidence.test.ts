// The sandbox examples in the READMEs write evidence into the current folder: git must not offer it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function ignored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('.gitignore', () => {
  it.each([
    'WE-K7Q2M9A-TP.jpg',
    'WE-K7Q2M9A-TP.pdf',
    'RE-S4T8D1C-WN.pdf',
    'SE-K7Q2M9A-TP-2.jpg',
    'packages/cli/WE-K7Q2M9A-TP.pdf',
    'evidence/WE-K7Q2M9A-TP.pdf',
  ])('ignores the sandbox evidence file %s', (path) => {
    expect(ignored(path)).toBe(true);
  });

  it('keeps the evidence example and source files', () => {
    expect(ignored('examples/evidence/src/index.ts')).toBe(false);
    expect(ignored('packages/portal-sim/seed/people.json')).toBe(false);
  });
});
