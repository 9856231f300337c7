import { describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.js';
import { apiFailure, exitCodeForApiCode } from '../render/failure.js';
import { withRequestNotFoundHint } from './request-hints.js';

const ID = `creq_${'a'.repeat(32)}`;

describe('rtw request cancel while a check of the applicant runs (CHECK_REQUEST_CHECKING)', () => {
  it('is worth trying again in a minute (exit 5), not a request that ended (12)', () => {
    expect(exitCodeForApiCode('CHECK_REQUEST_CHECKING')).toBe(EXIT.RETRYABLE);
    expect(exitCodeForApiCode('CHECK_REQUEST_CLOSED')).toBe(EXIT.REQUEST_ENDED);
  });

  it('says what to do: read it again in a minute, and cancel it then if it still waits', () => {
    const failure = withRequestNotFoundHint(
      apiFailure({
        code: 'CHECK_REQUEST_CHECKING',
        message: "A check of the applicant's details is running.",
      }),
      false,
      ID,
    );
    expect(failure.exitCode).toBe(EXIT.RETRYABLE);
    expect(failure.details[0]).toBe(
      `A check of the applicant's details is running: read it again in a minute (rtw request status ${ID}), and cancel it then if it is still waiting.`,
    );
  });
});
