import { ERROR_CATALOGUE, ERROR_CODES } from '@sharecode/core';
import {
  ShareCodeApiError,
  ShareCodeConnectionError,
  ShareCodeEvidenceError,
  ShareCodeTimeoutError,
  ShareCodeUsageError,
  ShareCodeWebhookError,
} from '@sharecode/sdk';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.js';
import { apiFailure, exitCodeForApiCode, failureFromError } from './failure.js';

const EXPECTED: Record<string, number> = {
  INVALID_INPUT: EXIT.INVALID_INPUT,
  UNAUTHENTICATED: EXIT.AUTH_OR_PAYMENT,
  INVALID_KEY: EXIT.AUTH_OR_PAYMENT,
  QUOTA_EXCEEDED: EXIT.AUTH_OR_PAYMENT,
  PAYMENT_REQUIRED: EXIT.AUTH_OR_PAYMENT,
  NOT_FOUND: EXIT.NOT_FOUND,
  DOB_MISMATCH: EXIT.NOT_FOUND,
  CHECK_NOT_FOUND: EXIT.NOT_FOUND,
  CHECK_REQUEST_NOT_FOUND: EXIT.NOT_FOUND,
  CHECK_REQUEST_CLOSED: EXIT.REQUEST_ENDED,
  CHECK_REQUEST_CHECKING: EXIT.RETRYABLE,
  RATE_LIMITED: EXIT.RETRYABLE,
  INTERNAL: EXIT.RETRYABLE,
  UPSTREAM_UNEXPECTED: EXIT.RETRYABLE,
  BUSY: EXIT.RETRYABLE,
  TIMEOUT: EXIT.RETRYABLE,
};

describe('exit codes of API errors', () => {
  it.each(ERROR_CODES)('%s has its documented exit code', (code) => {
    expect(exitCodeForApiCode(code)).toBe(EXPECTED[code]);
  });

  it('treats a code it does not know as unexpected', () => {
    expect(exitCodeForApiCode('SOMETHING_NEW')).toBe(EXIT.UNEXPECTED);
  });
});

describe('apiFailure', () => {
  it("carries the catalogue's client action and the details", () => {
    const failure = apiFailure(
      { code: 'QUOTA_EXCEEDED', message: 'Used up.', upgrade_url: 'https://example.com/up' },
      { requestId: 'req_1', retryAfter: 3 },
    );
    expect(failure.action).toBe(ERROR_CATALOGUE.QUOTA_EXCEEDED.action);
    expect(failure.json).toEqual({
      error: { code: 'QUOTA_EXCEEDED', message: 'Used up.', upgrade_url: 'https://example.com/up' },
    });
    expect(failure.details.join('\n')).toMatch(/Upgrade: https:\/\/example.com\/up[\s\S]*3 s[\s\S]*req_1/);
  });
});

describe('failureFromError', () => {
  it('maps every SDK error class to its exit code and code', () => {
    const api = new ShareCodeApiError({ code: 'BUSY', message: 'Busy.', status: 503, retryAfter: 1 });
    expect(failureFromError(api)).toMatchObject({ exitCode: EXIT.RETRYABLE, code: 'BUSY' });
    const odd = new ShareCodeApiError({ code: 'UNEXPECTED_RESPONSE', message: 'HTML.', status: 418 });
    expect(failureFromError(odd)).toMatchObject({ exitCode: EXIT.UNEXPECTED, code: 'UNEXPECTED_RESPONSE' });
    const network = new ShareCodeConnectionError('Refused.', { cause: new Error('x'), attempts: 3 });
    expect(failureFromError(network)).toMatchObject({ exitCode: EXIT.RETRYABLE, code: 'CONNECTION_FAILED' });
    const slow = new ShareCodeTimeoutError('Slow.', { phase: 'attempt', timeoutMs: 1, attempts: 1 });
    expect(failureFromError(slow)).toMatchObject({ exitCode: EXIT.RETRYABLE, code: 'CLIENT_TIMEOUT' });
    expect(failureFromError(new ShareCodeUsageError('Bad URL.'))).toMatchObject({
      exitCode: EXIT.INVALID_INPUT,
      code: 'USAGE',
    });
    expect(failureFromError(new ShareCodeEvidenceError('write_failed', 'Disk.'))).toMatchObject({
      exitCode: EXIT.UNEXPECTED,
      code: 'EVIDENCE_NOT_SAVED',
    });
    const webhook = failureFromError(new ShareCodeWebhookError('bad_signature', 'No match.'));
    expect(webhook).toMatchObject({ exitCode: EXIT.WEBHOOK_REFUSED, code: 'WEBHOOK_REFUSED' });
    expect(webhook.json.error.reason).toBe('bad_signature');
    expect(failureFromError(new Error('boom'))).toMatchObject({
      exitCode: EXIT.UNEXPECTED,
      code: 'CLI_ERROR',
    });
  });
});

describe('CONNECTION_FAILED advice', () => {
  it("says once what to check, in the CLI's terms (not the SDK's baseUrl)", () => {
    const sdk = new ShareCodeConnectionError(
      'Could not get an answer from http://127.0.0.1:9 after 3 attempts: ECONNREFUSED. Check baseUrl and the network.',
      { cause: new Error('x'), attempts: 3 },
    );
    const failure = failureFromError(sdk);
    expect(failure.message).toBe(
      'Could not get an answer from http://127.0.0.1:9 after 3 attempts: ECONNREFUSED. Check --base-url (or RTW_BASE_URL) and your network, then try again.',
    );
    expect(failure.message).not.toContain('baseUrl');
    expect(failure.message.match(/Check/g)).toHaveLength(1);
  });

  it('does not invite a blind retry of a check that may have reached the service', () => {
    const failure = failureFromError(
      new ShareCodeConnectionError(
        'Could not get an answer from https://api.example after 1 attempt: socket hang up. Not retried: the connection broke after the check may have reached the server.',
        { cause: new Error('x'), attempts: 1 },
      ),
    );
    expect(failure.message).not.toContain('try again');
  });

  it('reads the SDK’s issue-36 messages: a check not sent again is not retried blindly; baseUrl is the CLI flag', () => {
    const lost = failureFromError(
      new ShareCodeConnectionError(
        'The connection to https://api.example broke after the request was sent before the answer arrived, after 1 attempt (socket hang up). The check may have reached the service, where it runs on and is charged even when its answer is lost, so it was not sent again.',
        { cause: new Error('x'), attempts: 1 },
      ),
    );
    expect(lost.message).not.toContain('try again');
    const refused = failureFromError(
      new ShareCodeConnectionError(
        'Could not connect to http://127.0.0.1:9 after 3 attempts, so the request was never sent (ECONNREFUSED). The connection was refused: nothing is listening there. Check that the service runs and that baseUrl has the right host and port.',
        { cause: new Error('x'), attempts: 3 },
      ),
    );
    expect(refused.message).toContain('--base-url (or RTW_BASE_URL) has the right host and port.');
    expect(refused.message).not.toContain('baseUrl');
    expect(refused.message.match(/Check/g)).toHaveLength(1);
  });
});
