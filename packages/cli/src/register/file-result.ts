import { userInfo } from 'node:os';
import type { CheckResult } from '@sharecode/sdk';
import { type FiledCheck, fileCheck } from '@sharecode/sdk/node';
import type { CliIo } from '../context.js';
import { envValue, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { type Failure, withMessage } from '../render/failure.js';
import { registerFor, wantsRegister } from './open-register.js';
import { registerFailure } from './register-failure.js';

type Options = Readonly<Record<string, unknown>>;

/** Who ran the check: --checked-by, else RTW_CHECKED_BY, else the login name. */
export function operatorOf(options: Options, io: CliIo): string | undefined {
  const named = stringOption(options, 'checkedBy')?.trim() || envValue(io.env, 'RTW_CHECKED_BY');
  if (named) return named;
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/** Files a result in the register; the failure says the check ran but was not filed. */
export async function fileResult(
  options: Options,
  io: CliIo,
  result: CheckResult,
  extra: { person?: string | undefined; fallbackReference: string },
): Promise<{ ok: true; value: FiledCheck } | { ok: false; error: Failure }> {
  const register = await registerFor(options, io, 'file');
  if (!register.ok) return register;
  try {
    const filed = await fileCheck(register.value, result, {
      person: extra.person ?? stringOption(options, 'person'),
      operator: operatorOf(options, io),
      organisation: stringOption(options, 'company'),
      fallbackReference: extra.fallbackReference,
    });
    return { ok: true, value: filed };
  } catch (error) {
    const failure = registerFailure(error);
    return {
      ok: false,
      error: withMessage(failure, `The check ran, but it was not filed in the register: ${failure.message}`),
    };
  }
}

/** What the terminal shows after filing: where, which receipt, the follow-up, and any repeat. */
export function describeFiled(out: Output, filed: FiledCheck): void {
  const say = (text: string): void => (out.json ? out.notice(text) : out.data(text));
  const { receipt } = filed;
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
  for (const earlier of filed.repeats.slice(-3)) {
    out.notice(
      `Note: this share code was checked before, on ${earlier.check_date} (reference ${earlier.reference}).`,
    );
  }
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
  const filed = await fileResult(options, out.io, result, { fallbackReference });
  if (!filed.ok) return filed.error;
  describeFiled(out, filed.value);
  return undefined;
}

/** Refuses --register before any check runs when the folder or key is unusable. */
export async function registerUsable(options: Options, io: CliIo): Promise<Failure | undefined> {
  if (!wantsRegister(options)) return undefined;
  const register = await registerFor(options, io, 'file');
  return register.ok ? undefined : register.error;
}
