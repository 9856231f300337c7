import { mkdir } from 'node:fs/promises';
import { writeHeads } from './chain-head.js';
import { type OpenRegisterOptions, openRegister, type Register } from './open-register.js';
import { ensureRegisterInfo, type RegisterInfo } from './register-info.js';
import type { RegisterKey } from './register-key.js';
import { receiptFiles, serialised } from './register-store.js';

export interface InitRegisterOptions extends OpenRegisterOptions {
  /** The clock (tests). */
  now?: Date | undefined;
}

export interface InitialisedRegister {
  register: Register;
  info: RegisterInfo;
  /** False when the folder already held this register (sealed with this key): nothing was changed. */
  created: boolean;
}

/**
 * Starts a register in an empty or new folder (made readable by its owner only), sealed with `key`:
 * its register.json names the key, and its head (no receipts yet) is written inside and outside the
 * folder. A folder that already holds the register with this key is left as it is; another key, a
 * folder of other files, or a folder whose register's receipts are gone, is refused.
 */
export async function initRegister(
  dir: string,
  key: RegisterKey,
  options: InitRegisterOptions = {},
): Promise<InitialisedRegister> {
  const register = openRegister(dir, key, options);
  return serialised(register, async () => {
    await mkdir(register.dir, { recursive: true, mode: 0o700 });
    const now = options.now ?? new Date();
    const { info, created } = await ensureRegisterInfo(register, now);
    if (created && (await receiptFiles(register)).size === 0)
      await writeHeads(register, info.id, 0, null, now);
    return { register, info, created };
  });
}
