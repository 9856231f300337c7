import type { AccountsRepo, AuthenticatedKey } from '../accounts/ports.js';

const MAX_ENTRIES = 10_000;

/**
 * Remembers authenticated keys, for the embedded database only: the data folder is locked to this
 * process, so every change to a key or an account passes through this object, which then forgets
 * everything. Unknown keys are never remembered (random keys must not grow the map).
 */
export function cacheAuthentication(repo: AccountsRepo): AccountsRepo {
  const known = new Map<string, AuthenticatedKey>();
  const forgetAll =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } finally {
        known.clear();
      }
    };
  return {
    ...repo,
    updatePlan: forgetAll(repo.updatePlan),
    updateSubscriptionStatus: forgetAll(repo.updateSubscriptionStatus),
    revokeKeyByHash: forgetAll(repo.revokeKeyByHash),
    revokeKeyById: forgetAll(repo.revokeKeyById),
    // A claimed key changes account: what was remembered of it is wrong from now on.
    claimKey: forgetAll(repo.claimKey),
    async findActiveKeyByHash(hash) {
      const id = hash.toString('base64');
      const hit = known.get(id);
      if (hit) return hit;
      const found = await repo.findActiveKeyByHash(hash);
      if (found) {
        if (known.size >= MAX_ENTRIES) {
          const oldest = known.keys().next();
          if (!oldest.done) known.delete(oldest.value);
        }
        known.set(id, found);
      }
      return found;
    },
  };
}
