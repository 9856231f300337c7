import type { CheckResult } from '@sharecode/sdk';
import type { ResultLine } from '../batch/results-file.js';
import type { CliIo } from '../context.js';
import { fileResult, newRegisterNotice } from './file-result.js';
import { matchBasis } from './match-notes.js';
import { wantsRegister } from './open-register.js';

type RegisterFields = Pick<ResultLine, 'register' | 'register_error'>;

/** With --register, files a batch row's result (the row's label is the person) for its results line. */
export async function fileIfRegistering(
  options: Readonly<Record<string, unknown>>,
  io: CliIo,
  result: CheckResult,
  label: string | undefined,
  row: number,
): Promise<RegisterFields> {
  if (!wantsRegister(options)) return {};
  const filed = await fileResult(options, io, result, {
    person: label ?? '',
    fallbackReference: `row-${row}`,
  });
  if (!filed.ok) return { register_error: filed.error.json.error };
  if (filed.value.newRegister && options.quiet !== true)
    io.stderr.write(`${newRegisterNotice(filed.value)}\n`);
  const { receipt, match } = filed.value;
  // The row's label named someone else than the register's match: two people from here on.
  if (match.person !== undefined && match.person !== receipt.person && options.quiet !== true) {
    io.stderr.write(
      `Row ${row}: filed under ${receipt.person}, its label, but the register holds their earlier checks (the same ${matchBasis(match)}) under ${match.person}, so follow-ups and the report list them apart. If they are the same person, use ${match.person} as the row's label.\n`,
    );
  }
  return {
    register: {
      receipt: receipt.seq,
      reference: receipt.reference,
      follow_up: receipt.follow_up.due ? receipt.follow_up.date : null,
    },
  };
}
