import { existsSync } from 'node:fs';
import {
  assertChainWritable,
  assertModeAccepted,
  type CheckMode,
  fileCheck,
  LIKENESS_HOWS,
  type LikenessHow,
} from '@sharecode/register';
import type { CheckResult } from '@sharecode/sdk';
import type { CliIo } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { envValue, flagOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { cliFailure, type Failure, usageFailure, withMessage } from '../render/failure.js';
import { canPrompt } from '../request/gather.js';
import { promptedValue } from '../request/prompted.js';
import { askPerson, withCtrlCAsEnter } from './ask-filing.js';
import { type Filed, likenessLine, namedOperatorOf, operatorOf } from './filed.js';
import { matchNotes } from './match-notes.js';
import { registerFor, wantsRegister } from './open-register.js';
import { askAndRecordLikeness } from './record-likeness.js';
import { registerFailure } from './register-failure.js';

type Options = Readonly<Record<string, unknown>>;

/**
 * How the check was made, for the receipt: sandbox with --sandbox or a test key (`rtw_test_`, test
 * data), live with a live key (`rtw_live_`). Read as connection.ts reads the key.
 */
export function checkModeOf(options: Options, io: CliIo): CheckMode {
  if (flagOption(options, 'sandbox')) return 'sandbox';
  const apiKey = stringOption(options, 'apiKey')?.trim() || envValue(io.env, 'RTW_API_KEY');
  return apiKey?.startsWith('rtw_live_') ? 'live' : 'sandbox';
}

/** --likeness in-person|video: how the photo was compared with the person (checked when parsed). */
export function likenessOption(options: Options): LikenessHow | undefined {
  const how = stringOption(options, 'likeness');
  return how !== undefined && (LIKENESS_HOWS as readonly string[]).includes(how)
    ? (how as LikenessHow)
    : undefined;
}

/**
 * Files a result in the register; the failure says the check ran but was not filed. With `ask` (one
 * check at a terminal), the person it may be is asked for before filing; the likeness question comes
 * after (see `askAndRecordLikeness`), so Ctrl-C there never loses a check that was paid for.
 */
export async function fileResult(
  options: Options,
  io: CliIo,
  result: CheckResult,
  extra: { person?: string | undefined; fallbackReference: string; ask?: boolean | undefined },
): Promise<{ ok: true; value: Filed } | { ok: false; error: Failure }> {
  const register = await registerFor(options, io, 'file');
  if (!register.ok) return register;
  try {
    const operator = operatorOf(options, io);
    const named = namedOperatorOf(options, io);
    let person = extra.person ?? stringOption(options, 'person');
    const how = likenessOption(options);
    const asked =
      extra.ask === true && person === undefined
        ? await withCtrlCAsEnter(io, (signal) => askPerson(io, register.value, result, signal))
        : undefined;
    person ??= asked?.answer;
    const filed = await fileCheck(register.value, result, {
      mode: checkModeOf(options, io),
      allowMixedModes: flagOption(options, 'allowMixedModes'),
      person,
      // Who compared the photo is named (registerUsable refused --likeness without one), never the login.
      likeness: how === undefined || named === undefined ? undefined : { how, by: named },
      operator,
      organisation: stringOption(options, 'company') ?? promptedValue(options, 'company_name'),
      fallbackReference: extra.fallbackReference,
    });
    return {
      ok: true,
      value: { ...filed, registerDir: register.value.dir, interrupted: asked?.interrupted === true },
    };
  } catch (error) {
    const failure = registerFailure(error);
    return {
      ok: false,
      error: withMessage(failure, `The check ran, but it was not filed in the register: ${failure.message}`),
    };
  }
}

/** Said once, when a filing started the register (the folder was empty or new). */
export function newRegisterNotice(filed: Filed): string {
  return `Started a new register in ${filed.registerDir}, sealed with key ${filed.receipt.key_id}.`;
}

/**
 * What the terminal shows after filing: where, which receipt, the follow-up, and any repeat. With
 * `likenessAsked`, the likeness line is left to the question that follows.
 */
export function describeFiled(
  out: Output,
  filed: Filed,
  likenessAsked = false,
  named: string | undefined = undefined,
): void {
  const say = (text: string): void => (out.json ? out.notice(text) : out.data(text));
  const { receipt } = filed;
  if (filed.newRegister) {
    out.notice(newRegisterNotice(filed));
  }
  say(
    filed.alreadyFiled
      ? `Register:         already filed (receipt ${receipt.seq})`
      : `Register:         filed as receipt ${receipt.seq} under ${receipt.reference}`,
  );
  say(
    receipt.follow_up.due
      ? `Next check due:   by ${receipt.follow_up.date}`
      : `Next check due:   none needed (${receipt.follow_up.reason.replaceAll('_', ' ')})`,
  );
  if (!likenessAsked) say(likenessLine(filed, named));
  for (const note of matchNotes(filed)) out.notice(note);
}

/**
 * With --register (or with nothing asked, nothing done): files the result and says so. Returns a
 * failure when the check ran but could not be filed.
 */
export async function fileIfAsked(
  out: Output,
  options: Options,
  result: CheckResult,
  fallbackReference: string,
): Promise<Failure | undefined> {
  if (!wantsRegister(options)) return undefined;
  const ask = canPrompt(out.io);
  const filed = await fileResult(options, out.io, result, { fallbackReference, ask });
  if (!filed.ok) return filed.error;
  if (filed.value.interrupted === true) {
    describeFiled(out, filed.value, false, namedOperatorOf(options, out.io));
    return cliFailure(
      EXIT.INTERRUPTED,
      'INTERRUPTED',
      `Interrupted at the question. The check had run, so it was filed first, as a new entry (receipt ${filed.value.receipt.seq}); nothing was lost.`,
    );
  }
  // The check and its evidence are on disk before the likeness question: Ctrl-C there loses nothing,
  // and the photo can be opened to compare it during the call.
  const asking =
    ask && filed.value.likeness === null && !filed.value.alreadyFiled && result.outcome === 'ACCEPTED';
  describeFiled(out, filed.value, asking, namedOperatorOf(options, out.io));
  if (!asking) return undefined;
  return askAndRecordLikeness(out, options, filed.value);
}

/**
 * Refuses --register before any check runs (and is charged) when the folder or key is unusable, the
 * register holds checks of the other mode (live or sandbox) and --allow-mixed-modes is not given, or
 * its chain does not end where its heads say (a filing would be refused).
 */
export async function registerUsable(options: Options, io: CliIo): Promise<Failure | undefined> {
  if (!wantsRegister(options)) return undefined;
  if (likenessOption(options) !== undefined && namedOperatorOf(options, io) === undefined) {
    return usageFailure(
      '--likeness records who compared the photo with the person: add --checked-by NAME, or set RTW_CHECKED_BY (the login name is not used for this). Nothing was sent.',
    );
  }
  const register = await registerFor(options, io, 'file');
  if (!register.ok) return register.error;
  try {
    await assertModeAccepted(register.value, checkModeOf(options, io), {
      allowMixedModes: flagOption(options, 'allowMixedModes'),
    });
    // A register whose newest receipts are gone would refuse the filing after the check was paid for.
    if (existsSync(register.value.dir)) await assertChainWritable(register.value);
    return undefined;
  } catch (error) {
    return registerFailure(error);
  }
}
