import type { OutStream } from '../context.js';

type Env = Readonly<Record<string, string | undefined>>;

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** True on a CI runner (CI=true, CI=1, ...): no animation there, whatever the terminal says. */
export function isCi(env: Env): boolean {
  return isSet(env.CI);
}

/**
 * Whether to colour what goes to `stream`. In order: --no-color and NO_COLOR (any value) turn it
 * off; FORCE_COLOR (not 0/false) turns it on; otherwise only a terminal that is not TERM=dumb.
 */
export function colorEnabled(stream: OutStream, env: Env, flag: boolean): boolean {
  if (!flag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return isSet(env.FORCE_COLOR);
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/** Whether a spinner or progress bar may draw on `stream`: a real terminal, not CI, not TERM=dumb. */
export function animationEnabled(stream: OutStream, env: Env, quiet: boolean): boolean {
  return !quiet && stream.isTTY === true && env.TERM !== 'dumb' && !isCi(env);
}
