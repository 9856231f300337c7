import { Writable } from 'node:stream';
import { newApplicantToken } from '@sharecode/core/check-requests';
import { describe, expect, it } from 'vitest';
import { loggablePath } from './log-paths.js';
import { createLogger } from './logger.js';

describe('loggablePath', () => {
  const token = newApplicantToken();

  it.each([
    `/r/${token}`,
    `/r/${token}?x=1`,
    `//r/${token}`,
    `/%72/${token}`,
    `/r/${token}/extra`,
    `/r/${token.slice(0, 10)}`,
  ])('hides the applicant link in %s', (url) => {
    const path = loggablePath(url);
    expect(path).toBe('/r/[redacted]');
    expect(path).not.toContain(token.slice(0, 10));
  });

  it('hides a token-shaped segment anywhere else, but keeps ids and ordinary paths', () => {
    expect(loggablePath(`/elsewhere/${token}`)).toBe('/elsewhere/[redacted]');
    const checkId = `chk_${'a'.repeat(32)}`;
    expect(loggablePath(`/api/check/async/${checkId}?x=1`)).toBe(`/api/check/async/${checkId}`);
    expect(loggablePath('/dashboard/test/webhooks')).toBe('/dashboard/test/webhooks');
    expect(loggablePath('/%E0%A4%A')).toBe('/%E0%A4%A');
  });

  it('is what the logger writes for a request', () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', out);
    log.info({ req: { method: 'POST', url: `/r/${token}` } }, 'incoming request');
    expect(lines.join('')).toContain('"path":"/r/[redacted]"');
    expect(lines.join('')).not.toContain(token);
  });
});
