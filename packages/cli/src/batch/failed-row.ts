import { inHrWords } from '../render/hr-words.js';
import type { ResultLine } from './results-file.js';

/**
 * One failed row in the batch summary: where it is, the error code and its reason (the API's message
 * names the field or the problem, never the applicant), and whether it runs again.
 */
export function failedRowNotice(row: number, csvLine: number, result: ResultLine | undefined): string {
  const code = result?.error?.code ?? 'error';
  // The service's words, as the CLI prints them everywhere (no header names, no control characters).
  const reason = result?.error?.message === undefined ? undefined : inHrWords(result.error.message).trim();
  const again = result?.retryable ? ' (will run again on the next run)' : '';
  return `  row ${row} (line ${csvLine}): ${code}${reason ? `: ${reason}` : ''}${again}`;
}
