// Webhook ids already acknowledged, each forgotten after a TTL. Kept in memory, so it serves one
// process and is lost on restart: in production record the id in your database instead (a unique
// column, inserted in the same transaction as the event you store for processing).

// The service retries a delivery for about 22 hours, and a delivery can be resent from the
// dashboard until the result is deleted 7 days after the check: remember ids a little longer.
const DEFAULT_TTL_MS = 8 * 24 * 60 * 60 * 1000;

export class SeenEvents {
  #expiresAt = new Map();
  #ttlMs;
  #now;

  constructor({ ttlMs = DEFAULT_TTL_MS, now = Date.now } = {}) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Records `id`; returns false when it was already recorded (a redelivery of the same event). */
  add(id) {
    const now = this.#now();
    this.#forgetExpired(now);
    if (this.#expiresAt.has(id)) return false;
    this.#expiresAt.set(id, now + this.#ttlMs);
    return true;
  }

  get size() {
    return this.#expiresAt.size;
  }

  // Entries are inserted in time order with one TTL, so the expired ones are at the front.
  #forgetExpired(now) {
    for (const [id, expiresAt] of this.#expiresAt) {
      if (expiresAt > now) break;
      this.#expiresAt.delete(id);
    }
  }
}
