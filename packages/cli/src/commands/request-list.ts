import { requestRow } from '../check-request/render.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { counted } from '../output/plural.js';
import { failureFromError, stopWith } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';

const HEADINGS = ['ID', 'STATUS', 'KIND', 'ATTEMPTS', 'CREATED', 'REFERENCE'];

/** Rows as columns padded to the widest cell; the last column is not padded. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const widths = HEADINGS.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** `rtw request list`: the key's check requests, newest first, a page at a time. */
export async function requestListCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const { options } = ctx;
  const opened = await openConnection(ctx, out);
  if (!opened.ok) return stopWith(out, opened.error);
  const connection = opened.value;
  const status = stringOption(options, 'status') as
    | 'waiting'
    | 'submitted'
    | 'locked'
    | 'expired'
    | 'cancelled'
    | undefined;
  const limit = typeof options.limit === 'number' ? options.limit : undefined;
  const cursor = stringOption(options, 'cursor');
  try {
    const page = await connection.client.listCheckRequests(
      { status, limit, cursor },
      { maxRetries: connection.retries },
    );
    if (out.json) out.jsonValue({ data: page.data, next_cursor: page.next_cursor });
    else if (page.data.length === 0)
      out.notice(status === undefined ? 'No check requests.' : `No ${status} check requests.`);
    else for (const line of table([HEADINGS, ...page.data.map(requestRow)])) out.data(line);
    if (page.next_cursor !== null) {
      const more = [
        'rtw request list',
        ...(status === undefined ? [] : ['--status', status]),
        ...(limit === undefined ? [] : ['--limit', String(limit)]),
        '--cursor',
        page.next_cursor,
      ];
      out.notice(`${counted(page.data.length, 'request')} shown; more with: ${more.join(' ')}`);
    }
    return EXIT.OK;
  } catch (error) {
    return stopWith(out, failureFromError(error));
  } finally {
    connection.close();
  }
}
