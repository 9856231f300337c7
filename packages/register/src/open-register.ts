import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RegisterKey } from './register-key.js';

/**
 * The state folder for the heads kept outside registers: $XDG_STATE_HOME/rtw/registers, else
 * ~/.local/state/rtw/registers (the XDG base-directory default, also used on macOS).
 */
export function defaultStateDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const state = env.XDG_STATE_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.local', 'state');
  return join(state, 'rtw', 'registers');
}

/** Where a register lives, the key that seals it, and where its head is kept outside it. */
export interface Register {
  /** The register folder, absolute. */
  readonly dir: string;
  readonly key: RegisterKey;
  /** The folder for the chain's head kept outside the register; null: none kept (not advised). */
  readonly stateDir: string | null;
}

export interface OpenRegisterOptions {
  /**
   * Where the chain's head is kept outside the register (default: `defaultStateDir(env)`,
   * ~/.local/state/rtw/registers); null keeps none, and verify cannot then see the newest receipts
   * removed together with the head inside the folder.
   */
  stateDir?: string | null | undefined;
  /** The environment for the default state folder (default process.env). */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** A register to file into or read: nothing is read or written until an operation runs. */
export function openRegister(dir: string, key: RegisterKey, options: OpenRegisterOptions = {}): Register {
  const stateDir =
    options.stateDir === null
      ? null
      : resolve(options.stateDir ?? defaultStateDir(options.env ?? process.env));
  return { dir: resolve(dir), key, stateDir };
}
