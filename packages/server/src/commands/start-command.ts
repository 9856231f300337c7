import type { Command } from 'commander';
import { type ConfigFlags, DEFAULT_HOST, DEFAULT_PORT } from '../config.js';
import { DEFAULT_EDGE_CONFIG } from '../http/edge-config.js';
import type { LifecycleFlags } from '../lifecycle-config.js';
import { DEFAULT_CHECK_SLOTS, DEFAULT_CHECK_TIMEOUT_SECONDS } from '../portal/portal-config.js';
import { startedBanner } from '../started-banner.js';
import { databaseOptions } from './database-options.js';

/** `rtw-server start`: the HTTP service and the portal driver until SIGINT or SIGTERM. */
export function registerStartCommand(program: Command): void {
  databaseOptions(
    program
      .command('start')
      .description('Run the HTTP service and the portal driver until SIGINT or SIGTERM.')
      .option('--port <port>', `port to listen on (env RTW_PORT; default ${DEFAULT_PORT})`)
      .option('--host <host>', `address to listen on (env RTW_HOST; default ${DEFAULT_HOST})`)
      .option(
        '--metrics-port <port>',
        'serve Prometheus metrics at /metrics on this port, on the same host (env RTW_METRICS_PORT; default off)',
      )
      .option('--upgrade-url <url>', 'upgrade_url of 402 errors (env RTW_UPGRADE_URL)')
      .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env RTW_LOG_LEVEL)')
      .option(
        '--log-format <format>',
        'json or pretty (env RTW_LOG_FORMAT; default pretty when stdout is a terminal, else json)',
      )
      .option(
        '--portal-sim-url <url>',
        'drive a portal simulator at this origin instead of GOV.UK, e.g. http://127.0.0.1:8090 (env RTW_PORTAL_SIM_URL)',
      )
      .option(
        '--portal-url-right-to-work <url>',
        'right-to-work entry: full URL of its first page or GOV.UK start page (env RTW_PORTAL_URL_RIGHT_TO_WORK)',
      )
      .option(
        '--portal-url-right-to-rent <url>',
        'right-to-rent entry: full URL of its first page or GOV.UK start page (env RTW_PORTAL_URL_RIGHT_TO_RENT)',
      )
      .option(
        '--portal-url-immigration-status <url>',
        'immigration-status entry: full URL of its first page or GOV.UK start page (env RTW_PORTAL_URL_IMMIGRATION_STATUS)',
      )
      .option(
        '--check-slots <n>',
        `live checks run at once (env RTW_CHECK_SLOTS; default from cores and memory: ${DEFAULT_CHECK_SLOTS} here)`,
      )
      .option(
        '--check-timeout <seconds>',
        `longest a live check may take (env RTW_CHECK_TIMEOUT_SECONDS; default ${DEFAULT_CHECK_TIMEOUT_SECONDS})`,
      )
      .option('--chromium-path <path>', 'the Chromium binary to drive (env RTW_CHROMIUM_PATH)')
      .option(
        '--browser-dir <dir>',
        "the browser's private folder: profile and downloads, swept at start (env RTW_BROWSER_DIR; default browser/ in the data folder)",
      )
      .option(
        '--portal-javascript <on|off>',
        "run the portal pages' own scripts (env RTW_PORTAL_JAVASCRIPT; default off)",
      )
      .option(
        '--webhooks-unsafe-allow-hosts <hosts>',
        'TESTS ONLY: comma-separated hosts webhooks may reach although internal, e.g. 127.0.0.1,localhost (env RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS)',
      )
      .option(
        '--trust-proxy <addresses>',
        'proxies whose X-Forwarded-For/-Proto are believed: addresses or CIDRs, comma-separated (env RTW_TRUST_PROXY)',
      )
      .option(
        '--max-connections <n>',
        `open connections in total (env RTW_MAX_CONNECTIONS; default ${DEFAULT_EDGE_CONFIG.maxConnections})`,
      )
      .option(
        '--max-connections-per-client <n>',
        `open connections per client address (env RTW_MAX_CONNECTIONS_PER_CLIENT; default ${DEFAULT_EDGE_CONFIG.maxConnectionsPerClient})`,
      )
      .option(
        '--keep-alive-seconds <seconds>',
        `how long an idle keep-alive connection is kept (env RTW_KEEP_ALIVE_SECONDS; default ${DEFAULT_EDGE_CONFIG.keepAliveMs / 1000})`,
      )
      .option(
        '--no-portal-driver',
        'no browser: a synchronous live check gets 503 BUSY with Retry-After 30 (nothing run or charged), asynchronous live checks wait in the queue for an instance with a driver; sandbox keys work as usual (env RTW_PORTAL_DRIVER=off)',
      ),
  ).action(async (flags: ConfigFlags & LifecycleFlags) => {
    // Loaded here, not at the top: the admin commands need neither the HTTP stack nor the browser
    // driver, and loading them cost a second per command (decisions.md, "First-day fixes").
    const { startServer } = await import('../start-server.js');
    const server = await startServer(flags);
    process.stderr.write(startedBanner(server.url));
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        process.stderr.write(`rtw-server: second ${signal}, exiting without waiting\n`);
        process.exit(1);
      }
      stopping = true;
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`rtw-server: shutdown failed: ${(error as Error).message}\n`);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
