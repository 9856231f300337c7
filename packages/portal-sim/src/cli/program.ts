import { fail, type Outcome, ok } from '@sharecode/core';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Faults } from '../faults/fault-types.js';
import { parseFaults } from '../faults/parse-faults.js';
import type { PortalSimOptions } from '../server/start-portal-sim.js';
import { parseVariants, SIM_VARIANT_KEYS, SIM_VARIANT_VALUES, type SimVariants } from '../variants.js';

function wholeNumber(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min)
      throw new InvalidArgumentError(`${name} must be a whole number, ${min} or more.`);
    return n;
  };
}

function json(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new InvalidArgumentError('must be JSON, for example \'{"error":{"kind":"http-503"}}\'.');
  }
}

/** `--variant key=value`, repeatable: collects the pairs; their values are checked in toOptions. */
function variantPair(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const eq = value.indexOf('=');
  if (eq <= 0) {
    throw new InvalidArgumentError(
      `must be key=value, for example pdf=inline; keys: ${SIM_VARIANT_KEYS.join(', ')}.`,
    );
  }
  return { ...previous, [value.slice(0, eq)]: value.slice(eq + 1) };
}

const VARIANT_HELP = SIM_VARIANT_KEYS.map(
  (k) => `  ${k}: ${SIM_VARIANT_VALUES[k].join(' | ')} (default ${SIM_VARIANT_VALUES[k][0]})`,
).join('\n');

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  readonly seed?: string;
  readonly faults?: unknown;
  readonly lockoutFailures?: number;
  readonly lockoutSeconds?: number;
  readonly codeValidityDays?: number;
  readonly sessionTimeout?: number;
  readonly sessionWarning?: number;
  readonly rtwInterstitial?: boolean;
  readonly rtrCheckerPages?: 'combined' | 'separate';
  readonly purposeValues?: 'enum' | 'label';
  readonly cookieBanners: boolean;
  readonly variant?: Record<string, string>;
  readonly signInPort?: number;
}

export function buildProgram(version: string): Command {
  return new Command('portal-sim')
    .description(
      'Simulates the GOV.UK share-code checking services (right to work, right to rent, immigration status) on one local port.',
    )
    .version(version)
    .option('-p, --port <n>', 'port to listen on (0: any free port)', wholeNumber('--port', 0), 0)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option(
      '--sign-in-port <n>',
      'port of the separate sign-in host (0: any free port)',
      wholeNumber('--sign-in-port', 0),
    )
    .option('--variant <key=value>', 'a page variant, repeatable (see below and README)', variantPair)
    .option('-s, --seed <file>', 'seed JSON file of people (default: the packaged seed/people.json)')
    .option('--faults <json>', 'faults in force from the start, as JSON (see README)', json)
    .option(
      '--lockout-failures <n>',
      'failed lookups that lock a share code (default 5)',
      wholeNumber('--lockout-failures', 1),
    )
    .option(
      '--lockout-seconds <n>',
      'how long a locked code stays locked (default 86400)',
      wholeNumber('--lockout-seconds', 0),
    )
    .option(
      '--code-validity-days <n>',
      'days a share code stays valid (default 90)',
      wholeNumber('--code-validity-days', 0),
    )
    .option(
      '--session-timeout <seconds>',
      'idle seconds before a session times out (default 1800)',
      wholeNumber('--session-timeout', 0),
    )
    .option(
      '--session-warning <seconds>',
      'seconds of warning before the timeout (default 300)',
      wholeNumber('--session-warning', 0),
    )
    .option('--rtw-interstitial', 'right to work: show the historic "Start now" page after the date of birth')
    .addOption(
      new Option(
        '--rtr-checker-pages <layout>',
        'right to rent: checker questions on one page or two',
      ).choices(['combined', 'separate']),
    )
    .addOption(
      new Option('--purpose-values <style>', 'immigration status: purpose radio values').choices([
        'enum',
        'label',
      ]),
    )
    .option('--no-cookie-banners', 'leave out the gov.uk and right-to-work/right-to-rent cookie banners')
    .addHelpText(
      'after',
      `\nVariants (--variant key=value):\n${VARIANT_HELP}\n\nAdmin endpoint while running: GET/PUT/DELETE <url>/__sim/faults, GET/PUT <url>/__sim/variants, GET <url>/__sim/people, POST <url>/__sim/reset.`,
    );
}

/** Maps parsed flags to library options; the faults JSON is checked here so the CLI can name its problems. */
export function toOptions(cli: CliOptions): Outcome<PortalSimOptions, string[]> {
  let faults: Faults | undefined;
  if (cli.faults !== undefined) {
    const parsed = parseFaults(cli.faults);
    if (!parsed.ok) return fail(parsed.error.map((p) => `--faults: ${p}`));
    faults = parsed.value;
  }
  let variants: Partial<SimVariants> = {};
  if (cli.variant !== undefined) {
    const parsed = parseVariants(cli.variant, '--variant');
    if (!parsed.ok) return fail(parsed.error);
    variants = parsed.value;
  }
  const options: { -readonly [K in keyof PortalSimOptions]: PortalSimOptions[K] } = {
    ...variants,
    port: cli.port,
    host: cli.host,
    cookieBanners: cli.cookieBanners,
  };
  if (faults !== undefined) options.faults = faults;
  if (cli.seed !== undefined) options.seed = cli.seed;
  if (cli.signInPort !== undefined) options.signInPort = cli.signInPort;
  if (cli.lockoutFailures !== undefined) options.lockoutFailures = cli.lockoutFailures;
  if (cli.lockoutSeconds !== undefined) options.lockoutSeconds = cli.lockoutSeconds;
  if (cli.codeValidityDays !== undefined) options.shareCodeValidityDays = cli.codeValidityDays;
  if (cli.sessionTimeout !== undefined) options.sessionTimeoutSeconds = cli.sessionTimeout;
  if (cli.sessionWarning !== undefined) options.sessionWarningSeconds = cli.sessionWarning;
  if (cli.rtwInterstitial !== undefined) options.rightToWorkInterstitial = cli.rtwInterstitial;
  if (cli.rtrCheckerPages !== undefined) options.rightToRentCheckerPages = cli.rtrCheckerPages;
  if (cli.purposeValues !== undefined) options.purposeValues = cli.purposeValues;
  return ok(options);
}
