// `npm run release:dry-run` does the whole release in a copy of the repository: the versions the
// pending changesets ask for, CHANGELOG.md files, a build, and `npm publish --dry-run` for each
// public package only. Every file of this tree that a release writes must come out as it went in.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC = ['contract', 'sdk', 'core', 'register', 'sandbox', 'cli', 'server'] as const;
const BUMPS = ['patch', 'minor', 'major'] as const;
type Bump = (typeof BUMPS)[number];

const RELEASE_WRITES = /(^|\/)(package\.json|CHANGELOG\.md)$|^\.changeset\/|^package-lock\.json$/;

/**
 * Path -> SHA-256 of every file a release writes: each package.json, CHANGELOG.md, the changesets and
 * the lockfile, among the files git tracks or would track. (Not every file: people and other tests
 * may be editing sources while this runs.)
 */
function snapshot(): Map<string, string> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => RELEASE_WRITES.test(file) && existsSync(join(root, file)));
  return new Map(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(join(root, file)))
        .digest('hex'),
    ]),
  );
}
/** The pending changesets' front matter: the highest bump each package is given, and the summaries. */
function pendingChangesets(): { bumps: Map<string, Bump>; summaries: string[] } {
  const bumps = new Map<string, Bump>();
  const summaries: string[] = [];
  const dir = join(root, '.changeset');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    const [, front = '', body = ''] =
      /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(join(dir, file), 'utf8')) ?? [];
    for (const [, name = '', bump] of front.matchAll(/^["']?([^"'\s]+)["']?:\s*(patch|minor|major)\s*$/gm)) {
      const current = bumps.get(name);
      if (current === undefined || BUMPS.indexOf(bump as Bump) > BUMPS.indexOf(current))
        bumps.set(name, bump as Bump);
    }
    summaries.push(body.trim().split('\n')[0] ?? '');
  }
  return { bumps, summaries };
}

function bumped(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

const versionOf = (dir: string, pkg: string) =>
  (JSON.parse(readFileSync(join(dir, pkg, 'package.json'), 'utf8')) as { version: string }).version;

describe('npm run release:dry-run', { timeout: 300_000 }, () => {
  const copy = join(mkdtempSync(join(tmpdir(), 'sharecode-release-test-')), 'copy');
  const before = snapshot();
  const pending = pendingChangesets();
  const versionsBefore = new Map(PUBLIC.map((pkg) => [pkg, versionOf(join(root, 'packages'), pkg)]));
  let outcome: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    outcome = await promisify(execFile)(
      process.execPath,
      ['scripts/release.mjs', '--dry-run', '--dir', copy],
      {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
        timeout: 290_000,
      },
    ).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );
  }, 300_000);
  afterAll(() => rmSync(join(copy, '..'), { recursive: true, force: true }));

  it('succeeds', () => {
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
    expect(pending.bumps.size, 'no pending changeset to release').toBeGreaterThan(0);
  });

  it.each(PUBLIC)(
    'bumps @sharecode/%s as the changesets ask and writes its CHANGELOG.md in the copy',
    (pkg) => {
      const name = `@sharecode/${pkg}`;
      const current = versionOf(join(root, 'packages'), pkg);
      const bump = pending.bumps.get(name);
      const expected = bump ? bumped(current, bump) : current;
      expect(versionOf(join(copy, 'packages'), pkg)).toBe(expected);
      if (bump) {
        const changelog = readFileSync(join(copy, 'packages', pkg, 'CHANGELOG.md'), 'utf8');
        expect(changelog).toMatch(new RegExp(`^## ${expected.replaceAll('.', '\\.')}$`, 'm'));
        expect(outcome.stdout).toContain(`${name}: ${current} -> ${expected}, CHANGELOG.md written`);
      }
      expect(outcome.stdout).toMatch(
        new RegExp(`^would publish ${name}@${expected.replaceAll('.', '\\.')} \\(\\d+ files`, 'm'),
      );
      expect(existsSync(join(copy, 'packages', pkg, 'dist')), 'built in the copy').toBe(true);
    },
  );

  it('puts every changeset summary in a changelog and consumes the changeset files', () => {
    const changelogs = PUBLIC.map((pkg) => join(copy, 'packages', pkg, 'CHANGELOG.md'))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    for (const summary of pending.summaries) expect(changelogs).toContain(summary);
    expect(readdirSync(join(copy, '.changeset')).filter((name) => name.endsWith('.md'))).toEqual([
      'README.md',
    ]);
  });

  it('never versions or publishes a private package, but moves its ranges', () => {
    expect(outcome.stdout).not.toMatch(
      /would publish @sharecode\/portal-sim|would publish @sharecode-examples/,
    );
    expect(versionOf(join(copy, 'packages'), 'portal-sim')).toBe(
      versionOf(join(root, 'packages'), 'portal-sim'),
    );
    expect(existsSync(join(copy, 'packages', 'portal-sim', 'CHANGELOG.md'))).toBe(false);
    const example = JSON.parse(
      readFileSync(join(copy, 'examples', 'sync-check', 'package.json'), 'utf8'),
    ) as {
      version: string;
      dependencies: Record<string, string>;
    };
    expect(example.version).toBe('0.0.0');
    expect(example.dependencies['@sharecode/sdk']).toBe(versionOf(join(copy, 'packages'), 'sdk'));
    const lock = readFileSync(join(copy, 'package-lock.json'), 'utf8');
    expect(lock).toContain(`"version": "${versionOf(join(copy, 'packages'), 'sdk')}"`);
  });

  it('leaves this repository exactly as it was', () => {
    const after = snapshot();
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (file) => before.get(file) !== after.get(file),
    );
    expect(changed, 'release files changed in this repository during the dry run').toEqual([]);
    for (const pkg of PUBLIC) {
      expect(versionOf(join(root, 'packages'), pkg)).toBe(versionsBefore.get(pkg));
      expect(existsSync(join(root, 'packages', pkg, 'CHANGELOG.md'))).toBe(false);
    }
  });
});
