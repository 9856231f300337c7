import type { Failure } from '../render/failure.js';

/**
 * What to do after CHECK_REQUEST_NOT_FOUND, CHECK_REQUEST_CHECKING or CHECK_REQUEST_CLOSED, in the CLI's terms. The in-process
 * sandbox lives as long as one command: a request made by an earlier command is gone.
 */
export function withRequestNotFoundHint<F extends Failure>(failure: F, sandbox: boolean, id?: string): F {
  if (failure.code === 'CHECK_REQUEST_NOT_FOUND') {
    failure.details.unshift(
      sandbox
        ? 'The --sandbox forgets its requests when a command ends: run `rtw sandbox serve` and point RTW_BASE_URL at it, or use `rtw request <kind> --sandbox --wait`.'
        : 'List the requests this key can see with: rtw request list',
    );
  }
  if (failure.code === 'CHECK_REQUEST_CHECKING' && id !== undefined) {
    failure.details.unshift(
      `A check of the applicant's details is running: read it again in a minute (rtw request status ${id}), and cancel it then if it is still waiting.`,
    );
  }
  if (failure.code === 'CHECK_REQUEST_CLOSED' && id !== undefined) {
    failure.details.unshift(`See how it ended with: rtw request status ${id}`);
  }
  return failure;
}
