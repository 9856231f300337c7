import { describe, expect, it } from 'vitest';
import { buildProgram, type CliOptions, toOptions } from './program.js';

function parse(args: string[]): CliOptions {
  const program = buildProgram('0.0.0')
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  program.parse(['node', 'portal-sim', ...args]);
  return program.opts<CliOptions>();
}

describe('portal-sim CLI', () => {
  it('maps flags to library options', () => {
    const options = toOptions(
      parse([
        '--port',
        '0',
        '--seed',
        'people.json',
        '--lockout-failures',
        '3',
        '--session-timeout',
        '60',
        '--rtw-interstitial',
        '--rtr-checker-pages',
        'separate',
        '--purpose-values',
        'label',
        '--no-cookie-banners',
        '--faults',
        '{"error":{"kind":"http-503"}}',
      ]),
    );
    expect(options).toEqual({
      ok: true,
      value: {
        port: 0,
        host: '127.0.0.1',
        seed: 'people.json',
        cookieBanners: false,
        lockoutFailures: 3,
        sessionTimeoutSeconds: 60,
        rightToWorkInterstitial: true,
        rightToRentCheckerPages: 'separate',
        purposeValues: 'label',
        faults: { error: { kind: 'http-503' } },
      },
    });
  });

  it('refuses a bad port, bad JSON and bad faults with what to do', () => {
    expect(() => parse(['--port', 'eighty'])).toThrow(/--port must be a whole number/);
    expect(() => parse(['--faults', '{'])).toThrow(/must be JSON/);
    expect(toOptions(parse(['--faults', '{"error":{"kind":"boom"}}']))).toEqual({
      ok: false,
      error: [
        '--faults: faults.error must be { "kind": "problem-page" | "http-500" | "http-503" | "hang" }, optionally with "on"',
      ],
    });
  });
});
