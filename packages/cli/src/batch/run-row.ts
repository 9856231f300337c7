import type { CheckKind } from '@sharecode/core';
import type { CheckResult } from '@sharecode/sdk';
import type { CliIo } from '../context.js';
import { saveResultEvidence } from '../evidence/save.js';
import { EXIT } from '../exit-codes.js';
import { stringOption } from '../options.js';
import { fileIfRegistering } from '../register/batch-row.js';
import { registerOnlyEvidence } from '../register/open-register.js';
import { type Failure, failureFromError } from '../render/failure.js';
import { flagOfField } from '../request/fields.js';
import { sendCheck } from '../request/send.js';
import { validateForKind } from '../request/validate.js';
import type { Connection } from '../runtime/connection.js';
import type { Plan, Row } from './batch-plan.js';
import { rowBody, rowLabel } from './columns.js';
import type { ResultLine } from './results-file.js';

/** The result as the results file keeps it: without the data URLs, which are in the evidence files. */
function slim(result: CheckResult): Record<string, unknown> {
  const { photo_data_url: _photo, pdf_data_url: _pdf, ...rest } = result;
  return rest;
}

export interface RowOutcome {
  line: ResultLine | undefined;
  /** Set when the row shows the whole batch cannot go on (a bad key, no quota). */
  abort: Failure | undefined;
}

export async function runRow(
  kind: CheckKind,
  row: Row,
  plan: Plan,
  defaults: Readonly<Record<string, string>>,
  connection: Connection,
  options: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<RowOutcome> {
  const label = rowLabel(row.record.cells, plan.columns);
  const base = {
    row: row.row,
    line: row.record.line,
    ...(label === undefined ? {} : { label }),
    share_code: row.masked,
  };
  const finished = (): string => new Date().toISOString();
  const where = (field: string): string => {
    const header = plan.columns.headers.get(field);
    return header === undefined
      ? `a ${field} column, or ${flagOfField(field)} for every row`
      : `column ${header}`;
  };
  const validated = validateForKind(kind, rowBody(row.record.cells, plan.columns, defaults), false, where);
  if (!validated.ok) {
    const error = validated.error;
    return {
      line: { ...base, ok: false, error: error.json.error, retryable: false, finished_at: finished() },
      abort: undefined,
    };
  }
  let result: CheckResult;
  try {
    result = await sendCheck(connection.client, validated.value, { maxRetries: connection.retries });
  } catch (error) {
    const failure = failureFromError(error);
    if (failure.exitCode === EXIT.AUTH_OR_PAYMENT) return { line: undefined, abort: failure };
    return {
      line: {
        ...base,
        ok: false,
        error: failure.json.error,
        retryable: failure.exitCode === EXIT.RETRYABLE,
        finished_at: finished(),
      },
      abort: undefined,
    };
  }
  const register = await fileIfRegistering(options, io, result, label, row.row);
  if (options.evidence === false || registerOnlyEvidence(options)) {
    return {
      line: { ...base, ok: true, result: slim(result), evidence: null, ...register, finished_at: finished() },
      abort: undefined,
    };
  }
  try {
    const evidence = await saveResultEvidence(result, stringOption(options, 'out') ?? '.', `row-${row.row}`);
    return {
      line: { ...base, ok: true, result: slim(result), evidence, ...register, finished_at: finished() },
      abort: undefined,
    };
  } catch (error) {
    // The check ran (and may have been charged): keep the evidence in the line rather than lose it.
    const failure = failureFromError(error);
    return {
      line: {
        ...base,
        ok: true,
        result: { ...result },
        evidence: null,
        evidence_error: failure.json.error,
        ...register,
        finished_at: finished(),
      },
      abort: undefined,
    };
  }
}
