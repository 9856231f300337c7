import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isFinal, type ResultLine, ResultsWriter, readResults } from './results-file.js';

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
    const writer = new ResultsWriter(path, true);
    await writer.append(line(1, { ok: false, retryable: true }));
    await writer.append(line(2));
    await writer.append(line(1));
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
    await new ResultsWriter(path, false).append(line(2));
    const again = await readResults(path);
    expect(again.ok && [...again.value.byRow.keys()]).toEqual([1, 2]);
  });

  it('reads the batch header, then each row: its sent check until a result line follows it', async () => {
    const path = join(dir, 'r.jsonl');
    const writer = new ResultsWriter(path, true);
    const header = {
      batch: 'bat_1',
      kind: 'right_to_work' as const,
      mode: 'live' as const,
      server: 'http://127.0.0.1:1',
      csv: 'a.csv',
      started_at: '2026-01-01T00:00:00.000Z',
    };
    const sent = (row: number, id: string) => ({
      row,
      line: row + 1,
      share_code: 'W*****001',
      sent: { check_id: id, idempotency_key: `k${row}`, attempt: 1, at: '2026-01-01T00:00:00.000Z' },
    });
    // Several lines written at once still come out whole and in order.
    await Promise.all([
      writer.append(header),
      writer.append(sent(1, 'chk_1')),
      writer.append(sent(2, 'chk_2')),
      writer.append(line(1, { check_id: 'chk_1' })),
    ]);
    const read = await readResults(path);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.header).toEqual(header);
    expect(read.value.legacy).toBe(false);
    expect([...read.value.byRow.keys()]).toEqual([1]);
    expect([...read.value.sent.keys()]).toEqual([2]);
    expect(read.value.sent.get(2)?.sent.check_id).toBe('chk_2');
  });

  it('marks a file with rows but no header as written by an older rtw', async () => {
    const path = join(dir, 'r.jsonl');
    await writeFile(path, `${JSON.stringify(line(1))}\n`);
    const read = await readResults(path);
    expect(read.ok && read.value.legacy).toBe(true);
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
