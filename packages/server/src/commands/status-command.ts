import type { Command } from 'commander';
import type { ConfigFlags } from '../config.js';
import type { ClusterStatusWire } from '../health/cluster-status-wire.js';
import { databaseOptions } from './database-options.js';
import { textTable } from './text-table.js';
import { withAdmin } from './with-admin.js';

/**
 * `rtw-server status`: the instances on the database, the queue by state and its oldest due check,
 * and the portal health, as every instance shares them. On PostgreSQL it reads the database, servers
 * running or not; on the embedded database a running server holds the folder, so it asks that server
 * through its admin socket (and opens the folder itself when no server runs).
 */
export function registerStatusCommand(program: Command): void {
  databaseOptions(
    program
      .command('status')
      .description(
        'Show the running instances (version, slots, portal driver, heartbeat), the queue of asynchronous checks and the portal health.',
      )
      .option('--json', 'print one JSON object (instances, queue, portal, warnings)'),
  ).action((flags: ConfigFlags & { json?: boolean }) =>
    withAdmin(flags, 'cluster.status', {}, (status) =>
      flags.json === true ? JSON.stringify(status, null, 2) : statusText(status),
    ),
  );
}

const KIND_NAMES: Readonly<Record<string, string>> = {
  right_to_work: 'Right to work',
  right_to_rent: 'Right to rent',
  immigration_status: 'Immigration status',
};

const at = (iso: string): string => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** The status for people: three sections, then what needs doing. */
export function statusText(status: ClusterStatusWire): string {
  const lines: string[] = [];
  const { instances, queue } = status;
  lines.push(`Instances (${instances.length}):`);
  if (instances.length === 0) lines.push('  none running on this database');
  else
    lines.push(
      indent(
        textTable(
          ['ID', 'HOST', 'VERSION', 'KEY', 'SLOTS', 'PORTAL DRIVER', 'STARTED', 'LAST HEARTBEAT'],
          instances.map((i) => [
            i.id,
            i.host,
            i.version,
            i.key_id ?? '-',
            String(i.slots),
            i.portal_driver ? 'on' : 'off',
            at(i.started_at),
            at(i.last_heartbeat_at),
          ]),
        ),
      ),
    );
  lines.push('', 'Queue (asynchronous checks not yet ended):');
  for (const mode of ['live', 'test'] as const) {
    const count = (state: string) =>
      queue.by_state.find((s) => s.mode === mode && s.status === state)?.count ?? 0;
    lines.push(`  ${mode}: ${count('queued')} queued, ${count('running')} running`);
  }
  const oldest = queue.oldest_due;
  lines.push(
    oldest
      ? `  oldest due: ${oldest.id} (${oldest.mode} ${oldest.kind}), waiting ${oldest.age_seconds} s since ${at(oldest.created_at)}`
      : '  nothing is waiting to be claimed',
  );
  lines.push('', 'Portal health (every instance):');
  for (const [kind, health] of Object.entries(status.portal)) {
    const hour = health.last_hour;
    const parts = [
      health.healthy ? 'healthy' : 'NOT healthy',
      health.last_success_at ? `last success ${at(health.last_success_at)}` : 'no success yet',
      hour.checks === 0
        ? 'no check in the last hour'
        : `last hour ${hour.upstream_unexpected} of ${hour.checks} checks met an unexpected page`,
    ];
    if (health.last_unrecognised) {
      const page = health.last_unrecognised;
      parts.push(
        `last unrecognised page ${page.fingerprint.id} at ${at(page.at)} (${page.fingerprint.host}${page.fingerprint.path})`,
      );
    }
    lines.push(`  ${KIND_NAMES[kind] ?? kind}: ${parts.join('; ')}`);
  }
  if (status.warnings.length > 0) lines.push('', ...status.warnings.map((w) => `Warning: ${w}`));
  return lines.join('\n');
}

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
