import { CHECK_KINDS, type CheckKind, isCheckKind } from '@sharecode/core';
import type { Command } from 'commander';
import { playwrightLauncher } from './portal/playwright-browser.js';
import { loadPortalConfig, type PortalFlags } from './portal/portal-config.js';
import { type ProbeOutcome, probePortals } from './portal/probe-portals.js';

interface ProbeFlags extends PortalFlags {
  readonly kind?: string;
  readonly timeout?: string;
  readonly json?: boolean;
}

const DEFAULT_PROBE_TIMEOUT_SECONDS = 30;

/**
 * `rtw-server portal probe`: the operators' canary. Walks each service from its entry to the
 * share-code page, typing nothing, and exits 0 when every page was recognised, 1 (printing the
 * page's redacted fingerprint) when a page is no longer recognised, 2 when a portal could not be
 * walked (down, unreachable) or the settings are wrong.
 */
export function registerPortalCommands(program: Command): void {
  const portal = program.command('portal').description('Operate the portal driver.');
  portal
    .command('probe')
    .description(
      'Walk each GOV.UK service to its share-code page without personal data; exit 1 with the fingerprint when a page is no longer recognised (for cron).',
    )
    .option('--portal-sim-url <url>', 'probe a portal simulator at this origin (env RTW_PORTAL_SIM_URL)')
    .option('--portal-url-right-to-work <url>', 'right-to-work entry URL (env RTW_PORTAL_URL_RIGHT_TO_WORK)')
    .option('--portal-url-right-to-rent <url>', 'right-to-rent entry URL (env RTW_PORTAL_URL_RIGHT_TO_RENT)')
    .option(
      '--portal-url-immigration-status <url>',
      'immigration-status entry URL (env RTW_PORTAL_URL_IMMIGRATION_STATUS)',
    )
    .option('--chromium-path <path>', 'the Chromium binary to drive (env RTW_CHROMIUM_PATH)')
    .option('--portal-javascript <on|off>', "run the portal pages' own scripts (env RTW_PORTAL_JAVASCRIPT)")
    .option('--kind <kind>', `probe one service only: ${CHECK_KINDS.join(', ')}`)
    .option('--timeout <seconds>', `longest walk of one service (default ${DEFAULT_PROBE_TIMEOUT_SECONDS})`)
    .option('--json', 'print one JSON object per service instead of sentences')
    .action(async (flags: ProbeFlags) => {
      process.exitCode = await runProbe(flags);
    });
}

async function runProbe(flags: ProbeFlags): Promise<number> {
  const problems: string[] = [];
  const config = loadPortalConfig(flags, process.env);
  if (!config.ok) problems.push(...config.error);
  const kinds = flags.kind === undefined ? [...CHECK_KINDS] : [flags.kind];
  if (!kinds.every((k) => isCheckKind(k))) problems.push(`--kind must be one of ${CHECK_KINDS.join(', ')}.`);
  const seconds = flags.timeout === undefined ? DEFAULT_PROBE_TIMEOUT_SECONDS : Number(flags.timeout);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600)
    problems.push('--timeout must be a whole number of seconds from 1 to 600.');
  if (!config.ok || problems.length > 0) {
    process.stderr.write(problems.map((p) => `rtw-server: ${p}\n`).join(''));
    return 2;
  }
  const launcher = playwrightLauncher(config.value.chromiumPath, { javaScript: config.value.javaScript });
  if (!launcher.ok) {
    process.stderr.write(`rtw-server: ${launcher.error}\n`);
    return 2;
  }
  const outcomes = await probePortals(
    launcher.value.launch,
    config.value.entryUrls,
    kinds as CheckKind[],
    seconds * 1000,
  );
  for (const outcome of outcomes)
    process.stdout.write(`${flags.json ? JSON.stringify(outcome) : describe(outcome)}\n`);
  if (outcomes.some((o) => o.status === 'unrecognised')) return 1;
  return outcomes.some((o) => o.status === 'failed') ? 2 : 0;
}

function describe(outcome: ProbeOutcome): string {
  switch (outcome.status) {
    case 'recognised':
      return `${outcome.kind}: recognised, the share-code page at ${outcome.at} reached from ${outcome.entryUrl} in ${outcome.pages} page(s)`;
    case 'unrecognised':
      return `${outcome.kind}: NOT RECOGNISED from ${outcome.entryUrl}; fingerprint ${JSON.stringify(outcome.fingerprint)}`;
    case 'failed':
      return `${outcome.kind}: could not be probed from ${outcome.entryUrl}: ${outcome.reason}`;
  }
}
