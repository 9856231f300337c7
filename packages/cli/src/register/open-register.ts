import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Outcome } from '@sharecode/core';
import type { Register } from '@sharecode/register';
import type { CliIo } from '../context.js';
import { envValue, stringOption } from '../options.js';
import { type Failure, usageFailure } from '../render/failure.js';
import { registerFailure } from './register-failure.js';

type Options = Readonly<Record<string, unknown>>;

/** Whether the command was asked to file its checks in the register (--register, with or without a folder). */
export function wantsRegister(options: Options): boolean {
  return options.register === true || typeof options.register === 'string';
}

/**
 * With --register and no --out, the photo and PDF go into the register only: no second copy in the
 * current folder, which nothing prunes.
 */
export function registerOnlyEvidence(options: Options): boolean {
  return wantsRegister(options) && stringOption(options, 'out') === undefined;
}

/**
 * What a command does with the register: `read` (verify, report, followups...) needs one there;
 * `file` may start one in an empty or new folder (and its key); `init` starts one.
 */
export type RegisterUse = 'file' | 'read' | 'init';

// One register per command run: batch rows and the final summary share it (and its key).
const opened = new WeakMap<Options, Promise<Outcome<Register, Failure>>>();

/** The register folder: --register DIR, else RTW_REGISTER. */
export function registerDirOf(options: Options, io: CliIo): string | undefined {
  return stringOption(options, 'register')?.trim() || envValue(io.env, 'RTW_REGISTER');
}

/**
 * The register of this command: the folder from --register DIR, else RTW_REGISTER; the key from
 * RTW_REGISTER_KEY, else the key file (~/.config/rtw/register.key). A key is made only for a new
 * register (`rtw register init`, or the first filing into an empty or new folder), and said on screen;
 * a register that exists is never given a new key.
 */
export function registerFor(
  options: Options,
  io: CliIo,
  use: RegisterUse = 'read',
): Promise<Outcome<Register, Failure>> {
  let pending = opened.get(options);
  if (!pending) {
    pending = open(options, io, use);
    opened.set(options, pending);
  }
  return pending;
}

function isEmptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

async function open(options: Options, io: CliIo, use: RegisterUse): Promise<Outcome<Register, Failure>> {
  const dir = registerDirOf(options, io);
  if (!dir) {
    return {
      ok: false,
      error: usageFailure('Name the register folder: --register DIR, or export RTW_REGISTER=DIR.'),
    };
  }
  // Only filing a check (or init) makes a register: reading a folder that is not there is a typo to report.
  if (use === 'read' && !existsSync(dir)) {
    return {
      ok: false,
      error: usageFailure(
        `There is no register at ${dir}: check --register or RTW_REGISTER (start one with: rtw register init --register ${dir}).`,
      ),
    };
  }
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    return { ok: false, error: usageFailure(`${dir} is a file, not a folder: give the register's folder.`) };
  }
  try {
    const { loadRegisterKey, openRegister, registerKeyId } = await import('@sharecode/register');
    // A new key only for a new register: a folder holding one must be given its key.
    const create =
      use !== 'read' && (await registerKeyId(dir)) === undefined && (use === 'init' || isEmptyOrAbsent(dir));
    const loaded = await loadRegisterKey({ env: io.env, registerDir: dir, create });
    if (loaded.source === 'created' && options.quiet !== true) {
      io.stderr.write(
        `Made a new register key ${loaded.key.id} in ${loaded.file} (readable by you only). Back it up: without it, the register cannot be filed into or verified. Others filing into this register need it as RTW_REGISTER_KEY.\n`,
      );
    }
    return { ok: true, value: openRegister(dir, loaded.key, { env: io.env }) };
  } catch (error) {
    const failure = registerFailure(error);
    // No register there and no key: say how to start one.
    const noRegister = use === 'read' && failure.message.startsWith('No register key');
    return {
      ok: false,
      error: noRegister
        ? usageFailure(`${failure.message} To start a new register: rtw register init --register ${dir}`)
        : failure,
    };
  }
}
