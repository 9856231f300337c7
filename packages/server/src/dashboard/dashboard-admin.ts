import { fail, type Outcome, ok } from '@sharecode/core';
import type { DashboardRepo } from './dashboard-ports.js';
import { checkNewPassword, hashPassword } from './password.js';

/** Operator actions for the dashboard (`rtw-server accounts set-password`). */
export interface DashboardAdmin {
  /** Sets the owner's dashboard password and signs the owner out everywhere. */
  setPassword(accountId: string, password: string): Promise<Outcome<void, string>>;
}

export function createDashboardAdmin(deps: {
  repo: DashboardRepo;
  now: () => Date;
  /** log2 of scrypt's N (dashboard-config.ts); the default unless a test lowers it. */
  passwordCost?: number;
}): DashboardAdmin {
  return {
    async setPassword(accountId, password) {
      const checked = checkNewPassword(password);
      if (!checked.ok) return checked;
      const hash = await hashPassword(checked.value, deps.passwordCost);
      const done = await deps.repo.setPasswordHash(accountId, hash, deps.now());
      if (!done) {
        return fail(
          `No account that can sign in has the id ${JSON.stringify(accountId)}: check it (ids start with acc_; anonymous sandbox keys have no owner).`,
        );
      }
      await deps.repo.deleteSessionsOf(accountId);
      return ok(undefined);
    },
  };
}
