import type { CheckKind } from '@sharecode/core';
import type { CliIo } from '../context.js';
import { flagOption } from '../options.js';
import { apiKeyOf, baseUrlOf } from '../runtime/connection.js';

export type BatchMode = 'live' | 'test' | 'sandbox';

/** What a batch runs and where: a results file belongs to one of these. */
export interface BatchTarget {
  kind: CheckKind;
  mode: BatchMode;
  /** The service's address, normalised; `sandbox` for the in-process sandbox. */
  server: string;
}

const IN_PROCESS = 'sandbox';

function normaliseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return raw.replace(/\/+$/, '');
  }
}

/**
 * This run's kind, mode and server. Without a key the mode is unknown (undefined): the run stops
 * later for want of one, and nothing is compared on it.
 */
export function batchTargetOf(
  kind: CheckKind,
  options: Readonly<Record<string, unknown>>,
  io: Pick<CliIo, 'env'>,
): { kind: CheckKind; mode: BatchMode | undefined; server: string } {
  if (flagOption(options, 'sandbox')) return { kind, mode: 'sandbox', server: IN_PROCESS };
  const key = apiKeyOf(options, io.env);
  const mode = key === undefined ? undefined : key.startsWith('rtw_live_') ? 'live' : 'test';
  return { kind, mode, server: normaliseUrl(baseUrlOf(options, io.env)) };
}

const KIND_WORDS: Record<CheckKind, string> = {
  right_to_work: 'right-to-work',
  right_to_rent: 'right-to-rent',
  immigration_status: 'immigration-status',
};

function describe(target: { kind: CheckKind; mode: BatchMode | undefined; server: string }): string {
  const where =
    target.mode === 'sandbox'
      ? 'with --sandbox'
      : `${target.mode === 'live' ? 'with a live key' : 'with a test key'} against ${target.server}`;
  return `${KIND_WORDS[target.kind]} checks ${where}`;
}

/**
 * Why this run may not go on from a results file written for another batch, or undefined when it
 * may. Rows of another kind, mode or server are another batch's: counting them would be wrong, and
 * their checks cannot be collected from here.
 */
export function targetMismatch(
  recorded: BatchTarget,
  current: { kind: CheckKind; mode: BatchMode | undefined; server: string },
): string | undefined {
  const differs: string[] = [];
  if (recorded.kind !== current.kind) differs.push('kind');
  if (current.mode !== undefined && recorded.mode !== current.mode) differs.push('mode');
  if (recorded.server !== current.server && recorded.mode !== 'sandbox' && current.mode !== 'sandbox')
    differs.push('server');
  if (differs.length === 0) return undefined;
  return `it holds ${describe(recorded)}, and this run is ${describe(current)} (another ${differs.join(', ')})`;
}
