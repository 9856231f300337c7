// The README's table of test share codes must say what core's table says.
import { readFileSync } from 'node:fs';
import { CHECK_KINDS, httpStatusOf } from '@sharecode/core';
import type { ScenarioAnswer } from '@sharecode/core/sandbox';
import { SANDBOX_PEOPLE, SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core/sandbox';
import { describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../src/sandbox-options.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
// Rows of the share-code table as trimmed cells (the formatter pads the columns).
const rows = readme
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  )
  .filter((cells) => /^`W[A-Z0-9]{8}`$/.test(cells[0] ?? ''));

function syncText(answer: ScenarioAnswer): string {
  if (answer.type === 'error') return `${httpStatusOf(answer.code)} ${answer.code}`;
  return `200, ${answer.person === 'REJT0001' ? 'REJECTED' : 'ACCEPTED'}`;
}

describe('README test share codes', () => {
  it.each(SANDBOX_SCENARIOS.map((scenario) => ({ suffix: scenario.suffix, scenario })))(
    '$suffix',
    ({ scenario }) => {
      const codes = CHECK_KINDS.map((kind) =>
        scenario.kinds.includes(kind) ? `\`${sandboxShareCode(kind, scenario.suffix)}\`` : '—',
      );
      const cells = rows.find((row) => row.slice(0, 3).join(' ') === codes.join(' ')) ?? [];
      expect(cells, `no README row for ${scenario.suffix}`).not.toEqual([]);
      const last = scenario.attempts[scenario.attempts.length - 1];
      const n = scenario.attempts.length;
      expect(cells[3]).toBe(syncText(scenario.sync));
      expect(cells[4]).toBe(
        last?.type === 'error' ? `failed (${last.code}), attempts ${n}` : `succeeded, attempts ${n}`,
      );
      if (scenario.sync.type === 'result')
        expect(cells[5]).toContain(SANDBOX_PEOPLE[scenario.sync.person].name);
    },
  );

  it('has no rows beyond the table, and publishes the real default secret', () => {
    expect(rows).toHaveLength(SANDBOX_SCENARIOS.length);
    expect(readme).toContain(SANDBOX_WEBHOOK_SECRET);
  });
});
