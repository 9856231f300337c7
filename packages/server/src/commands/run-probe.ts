import { CHECK_KINDS, type CheckKind, isCheckKind } from '@sharecode/core';
import { playwrightLauncher } from '../portal/playwright-browser.js';
import { loadPortalConfig } from '../portal/portal-config.js';
import { type ProbeOutcome, probePortals } from '../portal/probe-portals.js';
import { DEFAULT_PROBE_TIMEOUT_SECONDS, type ProbeFlags } from './probe-flags.js';

/** Probes the portals as the flags say; answers the exit code (0, 1 or 2, as `portal probe` tells). */
export async function runProbe(flags: ProbeFlags): Promise<number> {
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
  // The kinds are probed one after another: one check at a time.
  const launcher = playwrightLauncher(config.value.chromiumPath, {
    javaScript: config.value.javaScript,
    slots: 1,
    sandbox: config.value.chromiumSandbox,
  });
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
