// The order in which a project's files start, the same on a fresh clone and on a second run: the
// files known to be long first (in the order given), then the rest by size, largest first (vitest's
// own order when it has no record of earlier runs).
//
// vitest's default order prefers its record of the last run's durations, but that record leaves out
// the time of beforeAll hooks: a file whose work is all in one (test/release-dry-run.test.ts: a copy,
// a build and seven `npm publish --dry-run`, over two minutes) is recorded as taking no time, starts
// last on a second run, and the project then waits minutes on that one file alone. With two files at
// a time, starting the longest first lets the short ones fill in beside them.
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/** Per project, its longest files (paths from the repository root), longest first. */
export const LONG_FILES: Readonly<Record<string, readonly string[]>> = {
  packaging: [
    'test/pack-install.test.ts',
    'test/release-dry-run.test.ts',
    'test/docs-blocks.test.ts',
    'test/packaging.test.ts',
    'test/cli-readme.test.ts',
    'test/quickstart.test.ts',
  ],
};

/** Orders specifications as above; projects keep the order vitest gives them. */
export function orderFiles(root: string, specs: readonly TestSpecification[]): TestSpecification[] {
  const size = (file: string) => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  const rank = (spec: TestSpecification) => {
    const list = LONG_FILES[spec.project.name] ?? [];
    const at = list.indexOf(relative(root, spec.moduleId).split('\\').join('/'));
    return at < 0 ? list.length : at;
  };
  const byProject = new Map<string, TestSpecification[]>();
  for (const spec of specs) {
    const group = byProject.get(spec.project.name) ?? [];
    group.push(spec);
    byProject.set(spec.project.name, group);
  }
  return [...byProject.values()].flatMap((group) =>
    group.sort((a, b) => rank(a) - rank(b) || size(b.moduleId) - size(a.moduleId)),
  );
}

export default class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Projects (and vitest's own grouping of them) as the base sequencer orders them.
    const grouped = await super.sort(files);
    return orderFiles(this.ctx.config.root, grouped);
  }
}
