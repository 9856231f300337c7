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

  it('takes repeatable --variant key=value and --sign-in-port, and names bad variants', () => {
    const options = toOptions(
      parse(['--variant', 'pdf=inline', '--variant', 'markup=2022', '--sign-in-port', '0']),
    );
    expect(options).toEqual({
      ok: true,
      value: {
        pdf: 'inline',
        markup: '2022',
        port: 0,
        signInPort: 0,
        host: '127.0.0.1',
        cookieBanners: true,
      },
    });
    expect(() => parse(['--variant', 'pdf'])).toThrow(/must be key=value, for example pdf=inline/);
    expect(toOptions(parse(['--variant', 'pdf=fax', '--variant', 'mood=calm']))).toEqual({
      ok: false,
      error: [
        '--variant.pdf: must be one of "attachment", "inline", "new-tab"',
        expect.stringContaining('--variant.mood: is not a variant; use one of markup, signIn,'),
      ],
    });
  });

  it('lists every variant with its values in the help', () => {
    const help = buildProgram('0.0.0').helpInformation();
    const program = buildProgram('0.0.0');
    let out = '';
    program.configureOutput({ writeOut: (s) => (out += s) }).exitOverride();
    expect(() => program.parse(['node', 'portal-sim', '--help'])).toThrow();
    expect(help).toContain('--variant <key=value>');
    expect(out).toContain(
      'immigrationStatusEntry: gov-uk-start | checker-details | view-start (default gov-uk-start)',
    );
  });
});
