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

/** The likeness line: how and by whom, or what to do to record it. */
export function likenessLine(filed: Filed): string {
  const { receipt } = filed;
  return filed.likeness === null
    ? 'Likeness:         not recorded: compare the photo with the person (in person or on a live video call), then: rtw register confirm-likeness ' +
        `${receipt.reference} --how in-person|video --by NAME`
    : `Likeness:         ${filed.likeness.how} by ${filed.likeness.by}`;
}
