import { CHECK_KINDS } from '@sharecode/core';
import type { Command } from 'commander';
import { DEFAULT_PROBE_TIMEOUT_SECONDS, type ProbeFlags } from './probe-flags.js';

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
      // Loaded on use: the browser driver (playwright-core) is not for the other admin commands.
      const { runProbe } = await import('./run-probe.js');
      process.exitCode = await runProbe(flags);
    });
}
