import type { Outcome } from '@sharecode/core';
import type { CheckRequest } from '@sharecode/sdk';
import { isShareCodeTimeoutError } from '@sharecode/sdk';
import { EXIT } from '../exit-codes.js';
import type { Output } from '../output/output.js';
import { startSpinner } from '../output/spinner.js';
import { cliFailure, type Failure, failureFromError } from '../render/failure.js';
import type { Connection } from '../runtime/connection.js';
import { statusWords } from './render.js';

// The service is asked every 5 s (the SDK's pace for requests): an applicant takes minutes, not ms.
const SERVICE_INTERVAL_MS = 5_000;

/**
 * Polls a request until it leaves `waiting` (submitted, locked, expired, cancelled), with a spinner on
 * a terminal. Ctrl-C stops the waiting only: the link stays open, and the command to wait again is said.
 */
export async function waitForRequest(
  out: Output,
  connection: Connection,
  id: string,
  timeoutSeconds: number,
  /** The command that waits again, with every flag it must repeat (resume-command.ts). */
  resume: string,
): Promise<Outcome<CheckRequest, Failure>> {
  const spinner = startSpinner(out.io.stderr, `Waiting for the applicant (${id})`, { enabled: out.animate });
  const release = out.io.onInterrupt(() => {
    spinner.stop();
    return connection.sandbox
      ? `The in-process sandbox stopped with this command, and ${id} with it.`
      : `Check request ${id} is still open: its link works until it is used or expires. Wait again with: ${resume}`;
  });
  let lastWords = '';
  try {
    const request = await connection.client.waitForCheckRequest(id, {
      timeoutMs: timeoutSeconds * 1000,
      intervalMs: connection.poll?.interval ?? SERVICE_INTERVAL_MS,
      onProgress: (seen) => {
        const words = statusWords(seen);
        if (words === lastWords) return;
        lastWords = words;
        spinner.update(
          `Waiting for the applicant (${seen.status}${seen.failed_attempts > 0 ? `, ${seen.failed_attempts} failed` : ''})`,
        );
        out.detail(`${id}: ${words}`);
      },
    });
    return { ok: true, value: request };
  } catch (error) {
    if (isShareCodeTimeoutError(error) && error.phase === 'wait') {
      const next = connection.sandbox
        ? 'The in-process sandbox stops with this command: use rtw sandbox serve to keep a request across commands.'
        : `The link stays open until it is used or expires: ${resume}`;
      return {
        ok: false,
        error: cliFailure(
          EXIT.STILL_RUNNING,
          'STILL_RUNNING',
          `Stopped waiting after ${timeoutSeconds} s; check request ${id} was still waiting. ${next}`,
        ),
      };
    }
    return { ok: false, error: failureFromError(error) };
  } finally {
    spinner.stop();
    release();
  }
}
