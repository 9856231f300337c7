import { existsSync, statSync } from 'node:fs';
import type { Outcome } from '@sharecode/core';
import type { Register } from '@sharecode/sdk/node';
import type { CliIo } from '../context.js';
import { envValue, stringOption } from '../options.js';
import { type Failure, usageFailure } from '../render/failure.js';
import { registerFailure } from './register-failure.js';

type Options = Readonly<Record<string, unknown>>;

/** Whether the command was asked to file its checks in the register (--register, with or without a folder). */
export function wantsRegister(options: Options): boolean {
  return options.register === true || typeof options.register === 'string';
}

// One register per command run: batch rows and the final summary share it (and its key).
const opened = new WeakMap<Options, Promise<Outcome<Register, Failure>>>();

/**
 * The register of this command: the folder from --register DIR, else RTW_REGISTER; the key from
 * RTW_REGISTER_KEY, else the key file (~/.config/rtw/register.key, made on first use).
 */
export function registerFor(
  options: Options,
  io: CliIo,
  use: 'file' | 'read' = 'read',
): Promise<Outcome<Register, Failure>> {
  let pending = opened.get(options);
  if (!pending) {
    pending = open(options, io, use);
    opened.set(options, pending);
  }
  return pending;
}

async function open(options: Options, io: CliIo, use: 'file' | 'read'): Promise<Outcome<Register, Failure>> {
  const dir = stringOption(options, 'register')?.trim() || envValue(io.env, 'RTW_REGISTER');
  if (!dir) {
    return {
      ok: false,
      error: usageFailure('Name the register folder: --register DIR, or export RTW_REGISTER=DIR.'),
    };
  }
  // Only filing a check makes a register: reading a folder that is not there is a typo to report.
  if (use === 'read' && !existsSync(dir)) {
    return {
      ok: false,
      error: usageFailure(
        `There is no register at ${dir}: check --register or RTW_REGISTER (a register is made when the first check is filed with --register).`,
      ),
    };
  }
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    return { ok: false, error: usageFailure(`${dir} is a file, not a folder: give the register's folder.`) };
  }
  try {
    const { loadRegisterKey, openRegister } = await import('@sharecode/sdk/node');
    const loaded = await loadRegisterKey({ env: io.env, registerDir: dir });
    if (loaded.source === 'created' && options.quiet !== true) {
      io.stderr.write(
        `Made a new register key in ${loaded.file} (readable by you only). Back it up: without it, repeats are not recognised and the receipts cannot be verified. Others filing into this register need it as RTW_REGISTER_KEY.\n`,
      );
    }
    return { ok: true, value: openRegister(dir, loaded.key) };
  } catch (error) {
    return { ok: false, error: registerFailure(error) };
  }
}
