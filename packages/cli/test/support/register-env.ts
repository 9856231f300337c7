import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RegisterEnvOptions {
  /** RTW_CHECKED_BY, the operator every receipt names; unset when omitted. */
  checkedBy?: string;
  /** Sets RTW_REGISTER to `<root>/register`: commands find the register without --register. */
  register?: boolean;
  /** More variables for the runs (RTW_SANDBOX_FAST, NO_COLOR ...). */
  extra?: Record<string, string>;
}

export interface RegisterEnv {
  /** A fresh temporary folder: registers, calendars and reports go under it. */
  root: string;
  env: Record<string, string>;
  /** Removes `root` and everything in it (afterAll). */
  cleanup: () => Promise<void>;
}

/**
 * A register's surroundings for rtw under test (beforeAll): a temporary root, a random register key,
 * and the config and state folders inside the root, so nothing touches the user's home (the chain's
 * head kept outside each register goes in the state folder).
 */
export async function registerEnv(prefix: string, options: RegisterEnvOptions = {}): Promise<RegisterEnv> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const env: Record<string, string> = {
    ...options.extra,
    ...(options.register === true ? { RTW_REGISTER: join(root, 'register') } : {}),
    RTW_REGISTER_KEY: randomBytes(32).toString('base64'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_STATE_HOME: join(root, 'state'),
    ...(options.checkedBy === undefined ? {} : { RTW_CHECKED_BY: options.checkedBy }),
  };
  return { root, env, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A register in `dir` holding one sandbox check of PRIYA ANJALI SHARMA as EMP-3, filed before dates
 * of birth were kept: a new check of that name is a candidate, not a sure match, so rtw asks.
 */
export async function registerWithOlderCheck(dir: string, env: Record<string, string>): Promise<string> {
  const { fileCheck, loadRegisterKey, openRegister } = await import('@sharecode/register');
  const { key } = await loadRegisterKey({ env, registerDir: dir, create: true });
  await fileCheck(
    openRegister(dir, key, { env }),
    {
      title: 'Right to work',
      outcome: 'ACCEPTED',
      name: 'PRIYA ANJALI SHARMA',
      share_code: 'WOLD00001',
      reference: 'WE-OLD',
      checked_at: '2025-01-10T09:00:00.000Z',
      expiry_date: '2026-01-10',
    },
    { mode: 'sandbox', person: 'EMP-3' },
  );
  return dir;
}
