import type { CommandContext } from '../context.js';
import { argumentsOf } from '../options.js';

// Never repeated: the key belongs in RTW_API_KEY, --restart would start over instead of going on,
// and --retry-failed would charge the fixable rows again on every later run.
const LEFT_OUT = new Set(['args', 'apiKey', 'restart', 'retryFailed']);

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
export function shellWord(value: string): string {
  if (/^[A-Za-z0-9_/.,:=@%+-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command that goes on with this batch: `rtw check <kind>` and the options given on the command
 * line (the row defaults among them: a row's request, and so its Idempotency-Key, depends on them).
 */
export function resumeCommand(ctx: CommandContext): string {
  const words = ['rtw', 'check', String(argumentsOf(ctx.options)[0] ?? '')];
  for (const [name, value] of Object.entries(ctx.options)) {
    if (LEFT_OUT.has(name) || ctx.sourceOf(name) !== 'cli') continue;
    if (value === true) words.push(`--${kebab(name)}`);
    else if (value === false) words.push(`--no-${kebab(name)}`);
    else if (typeof value === 'string' || typeof value === 'number')
      words.push(`--${kebab(name)}`, shellWord(String(value)));
  }
  return words.join(' ');
}
