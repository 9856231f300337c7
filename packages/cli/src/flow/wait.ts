import type { Outcome } from '@sharecode/core';
import type { CheckRecord } from '@sharecode/sdk';
import { isShareCodeTimeoutError } from '@sharecode/sdk';
import { EXIT } from '../exit-codes.js';
import type { Output } from '../output/output.js';
import { startSpinner } from '../output/spinner.js';
import { cliFailure, type Failure, failureFromError } from '../render/failure.js';
import type { Connection } from '../runtime/connection.js';

function describe(record: CheckRecord): string {
  if (record.status === 'running' && record.attempts > 1) return `running, attempt ${record.attempts}`;
  return record.status;
}

/** Polls a check until it ends (succeeded or failed), with a spinner on a terminal. */
export async function waitForEnd(
  out: Output,
  connection: Connection,
  id: string,
  timeoutSeconds: number,
): Promise<Outcome<CheckRecord, Failure>> {
  const spinner = startSpinner(out.io.stderr, `Waiting for ${id}`, { enabled: out.animate });
  // Ctrl-C stops the waiting, not the check: say how to pick it up again.
  const release = out.io.onInterrupt(() => {
    spinner.stop();
    return connection.sandbox
      ? `The in-process sandbox stopped with this command, and ${id} with it.`
      : `Check ${id} keeps running on the service. Follow it with: rtw poll ${id} --wait`;
  });
  let lastStatus = '';
  try {
    const record = await connection.client.waitForCheck(id, {
      timeout: timeoutSeconds * 1000,
      ...(connection.poll
        ? { interval: connection.poll.interval, maxInterval: connection.poll.maxInterval }
        : {}),
      onProgress: (check) => {
        const status = describe(check);
        spinner.update(`Waiting for ${id} (${status})`);
        if (status !== lastStatus) out.detail(`${id}: ${status}`);
        lastStatus = status;
      },
    });
    return { ok: true, value: record };
  } catch (error) {
    if (isShareCodeTimeoutError(error) && error.phase === 'wait') {
      const still = error.check ? ` still ${error.check.status}` : ' not read yet';
      const next = connection.sandbox
        ? 'The in-process sandbox stops with this command; raise --timeout, or set RTW_SANDBOX_FAST=1.'
        : `It keeps running: rtw poll ${id} --wait`;
      return {
        ok: false,
        error: cliFailure(
          EXIT.STILL_RUNNING,
          'STILL_RUNNING',
          `Stopped waiting after ${timeoutSeconds} s; check ${id} was${still}. ${next}`,
        ),
      };
    }
    return { ok: false, error: failureFromError(error) };
  } finally {
    spinner.stop();
    release();
  }
}
