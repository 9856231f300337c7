import { join } from 'node:path';
import { confirmLikeness } from '@sharecode/register';
import type { Output } from '../output/output.js';
import { type Failure, withMessage } from '../render/failure.js';
import { askComparedBy, askLikeness, withCtrlCAsEnter } from './ask-filing.js';
import { type Filed, likenessLine, namedOperatorOf } from './filed.js';
import { registerFor } from './open-register.js';
import { registerFailure } from './register-failure.js';

type Options = Readonly<Record<string, unknown>>;

/**
 * At a terminal, after the check and its evidence are filed: shows where the photo is (to compare it
 * with the person during the call), asks how it was compared, and records the answer as a likeness
 * receipt. Enter ("later"), end of input or Ctrl-C leave the check filed and the likeness to confirm.
 */
export async function askAndRecordLikeness(
  out: Output,
  options: Options,
  filed: Filed,
): Promise<Failure | undefined> {
  const say = (text: string): void => (out.json ? out.notice(text) : out.data(text));
  const { receipt } = filed;
  if (receipt.files.photo !== null) {
    out.notice(`The photo to compare: ${join(filed.registerDir, ...receipt.files.photo.path.split('/'))}`);
  }
  // Who compared it is part of the record, and is named, never the login name: asked when not set.
  const named = namedOperatorOf(options, out.io);
  const how = (await withCtrlCAsEnter(out.io, (signal) => askLikeness(out.io, signal))).answer;
  const by =
    how === undefined || named !== undefined
      ? named
      : (await withCtrlCAsEnter(out.io, (signal) => askComparedBy(out.io, signal))).answer;
  if (how === undefined || by === undefined) {
    say(likenessLine({ ...filed, likeness: null }, by));
    return undefined;
  }
  const register = await registerFor(options, out.io, 'file');
  if (!register.ok) return register.error;
  try {
    const likeness = await confirmLikeness(register.value, receipt.reference, {
      how,
      by,
      person: receipt.person,
    });
    say(likenessLine({ ...filed, likeness }));
    return undefined;
  } catch (error) {
    const failure = registerFailure(error);
    return withMessage(
      failure,
      `The check is filed (receipt ${receipt.seq}), but the likeness was not recorded: ${failure.message} Record it with: rtw register confirm-likeness ${receipt.reference} --how ${how} --by "${by}"`,
    );
  }
}
