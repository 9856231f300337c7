import type { Logger } from 'pino';
import type { ConfigFlags, Env, ServerConfig } from './config.js';
import { present } from './env-values.js';
import { unknownSettings } from './known-settings.js';

/** Settings that are set but do nothing, or whose default serves nobody: said once at start. */
export function warnAboutSettings(
  flags: Pick<ConfigFlags, 'upgradeUrl'>,
  env: Env,
  config: Pick<ServerConfig, 'host' | 'upgradeUrl' | 'publicUrl'>,
  log: Logger,
): void {
  const unknown = unknownSettings(env);
  if (unknown.length > 0)
    log.warn(
      { settings: unknown },
      `rtw-server does not know ${unknown.join(', ')}: ignored (a typo, or a setting of another version?). The settings are listed in packages/server/README.md, "Configuration".`,
    );
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  if (wildcard && present(flags.upgradeUrl) === undefined && present(env.RTW_UPGRADE_URL) === undefined)
    log.warn(
      { upgradeUrl: config.upgradeUrl },
      'RTW_UPGRADE_URL is not set: the upgrade_url of 402 answers names this listening address, which clients cannot reach. Set it to your public billing page (https://…/dashboard/billing).',
    );
  if (wildcard && config.publicUrl === null)
    log.warn(
      "RTW_PUBLIC_URL is not set: a check request's link takes the origin each request reached this server by (through a proxy: http and an inner address, unless RTW_TRUST_PROXY names the proxy). Set it to the public origin applicants open (https://…).",
    );
}
