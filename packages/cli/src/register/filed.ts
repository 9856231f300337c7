import { userInfo } from 'node:os';
import type { FiledCheck } from '@sharecode/register';
import type { CliIo } from '../context.js';
import { envValue, stringOption } from '../options.js';

// What a filing is and who made it: shared by filing a result and recording its likeness after.

type Options = Readonly<Record<string, unknown>>;

/** Who ran the check: --checked-by, else RTW_CHECKED_BY, else the login name. */
export function operatorOf(options: Options, io: CliIo): string | undefined {
  const named = namedOperatorOf(options, io);
  if (named) return named;
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/** The operator someone named: --checked-by, else RTW_CHECKED_BY; never the login name. */
export function namedOperatorOf(options: Options, io: CliIo): string | undefined {
  return stringOption(options, 'checkedBy')?.trim() || envValue(io.env, 'RTW_CHECKED_BY') || undefined;
}

/** A filing and the register it went into; `interrupted`: Ctrl-C ended the question before it. */
export type Filed = FiledCheck & { registerDir: string; interrupted?: boolean };

/**
 * The likeness line: how and by whom, or what to run to record it: one whole command a way, so that
 * pasting one records what it says (a hint reading "--how in-person|video" pasted as it was ran a
 * pipe and recorded "in-person"). `named`: who runs rtw, when named (--checked-by, RTW_CHECKED_BY);
 * without one the commands carry a `--by "<your name>"` that confirm-likeness refuses until replaced.
 */
export function likenessLine(filed: Filed, named?: string): string {
  if (filed.likeness !== null) return `Likeness:         ${filed.likeness.how} by ${filed.likeness.by}`;
  const by = named === undefined ? ` --by "${BY_PLACEHOLDER}"` : '';
  const command = (how: string): string =>
    `                  rtw register confirm-likeness ${filed.receipt.reference} --how ${how}${by}`;
  return [
    'Likeness:         not recorded. Compare the photo with the person, then run the line that says how you saw them:',
    command('in-person'),
    command('video'),
  ].join('\n');
}

/** The placeholder in the likeness commands rtw prints; refused as a name (confirm-likeness). */
export const BY_PLACEHOLDER = '<your name>';
