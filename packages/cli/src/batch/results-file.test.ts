import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendResult, isFinal, type ResultLine, readResults } from './results-file.js';

const line = (row: number, extra: Partial<ResultLine> = {}): ResultLine => ({
  row,
  line: row + 1,
  share_code: 'W*****001',
  ok: true,
  finished_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('results file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtw-results-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads nothing from a file that does not exist', async () => {
    const read = await readResults(join(dir, 'none.jsonl'));
    expect(read.ok && read.value.byRow.size).toBe(0);
  });

  it('appends whole lines and reads back the last line of each row', async () => {
    const path = join(dir, 'r.jsonl');
    await appendResult(path, line(1, { ok: false, retryable: true }));
    await appendResult(path, line(2));
    await appendResult(path, line(1));
    const text = await readFile(path, 'utf8');
    expect(text.split('\n')).toHaveLength(4);
    const read = await readResults(path);
    expect(read.ok && read.value.byRow.get(1)?.ok).toBe(true);
    expect(read.ok && read.value.endsCleanly).toBe(true);
  });

  it('ignores a line cut short by a kill and reports the missing line break', async () => {
    const path = join(dir, 'r.jsonl');
    await writeFile(path, `${JSON.stringify(line(1))}\n{"row":2,"line":3,"sha`);
    const read = await readResults(path);
    expect(read.ok && [...read.value.byRow.keys()]).toEqual([1]);
    expect(read.ok && read.value.endsCleanly).toBe(false);
    await appendResult(path, line(2), true);
    const again = await readResults(path);
    expect(again.ok && [...again.value.byRow.keys()]).toEqual([1, 2]);
  });

  it('refuses a path it cannot read, without throwing', async () => {
    const read = await readResults(dir);
    expect(read.ok).toBe(false);
  });

  it('counts results and final errors as done, retryable errors as not', () => {
    expect(isFinal(line(1))).toBe(true);
    expect(isFinal(line(1, { ok: false, retryable: false }))).toBe(true);
    expect(isFinal(line(1, { ok: false, retryable: true }))).toBe(false);
  });
});
