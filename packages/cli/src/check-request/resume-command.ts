import { DEFAULT_BASE_URL } from '@sharecode/sdk';
import { shellWord } from '../batch/resume-command.js';
import { envValue, stringOption } from '../options.js';
import { wantsRegister } from '../register/open-register.js';

type Options = Readonly<Record<string, unknown>>;

/**
 * The flags a later `rtw request status <id> --wait` must repeat to do what this command would have
 * done: file (`--register [dir] --person --checked-by --likeness --allow-mixed-modes`) and save the
 * evidence (`--out`, `--no-evidence`), values quoted for the shell. `created`: this command made the
 * request with --wait, which saves the evidence in the current folder when neither --out, --register
 * nor --no-evidence says otherwise; a status saves it only when told where, so `--out .` says it.
 */
export function filingFlags(options: Options, created = false): string {
  const words: string[] = [];
  if (wantsRegister(options)) {
    words.push('--register');
    if (typeof options.register === 'string') words.push(shellWord(options.register));
    for (const [key, flag] of [
      ['person', '--person'],
      ['checkedBy', '--checked-by'],
      ['likeness', '--likeness'],
    ] as const) {
      const value = stringOption(options, key);
      if (value !== undefined) words.push(flag, shellWord(value));
    }
    if (options.allowMixedModes === true) words.push('--allow-mixed-modes');
  }
  const out = stringOption(options, 'out');
  if (options.evidence === false) words.push('--no-evidence');
  else if (out !== undefined) words.push('--out', shellWord(out));
  else if (created && !wantsRegister(options)) words.push('--out', '.');
  return words.length === 0 ? '' : ` ${words.join(' ')}`;
}

/**
 * `RTW_BASE_URL=<address> ` when this command talks to a service other than the default address
 * (a served sandbox, a deployed service): the command said next must reach the same one, even when
 * the address was given for this command only (`RTW_BASE_URL=... rtw request ...`, --base-url).
 */
export function serviceWord(options: Options, env: Readonly<Record<string, string | undefined>>): string {
  if (options.sandbox === true) return '';
  const base = (stringOption(options, 'baseUrl')?.trim() || envValue(env, 'RTW_BASE_URL') || '').replace(
    /\/+$/,
    '',
  );
  return base === '' || base === DEFAULT_BASE_URL ? '' : `RTW_BASE_URL=${shellWord(base)} `;
}

/** The command that waits for `id` again and files or saves what this one would have. */
export function resumeCommand(
  id: string,
  options: Options,
  env: Readonly<Record<string, string | undefined>>,
  created = false,
): string {
  return `${serviceWord(options, env)}rtw request status ${id} --wait${filingFlags(options, created)}`;
}
