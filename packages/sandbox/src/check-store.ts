import type { CheckKind, CheckRecord } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';

/** An asynchronous check held by the sandbox. */
export interface StoredCheck {
  record: CheckRecord;
  kind: CheckKind;
  /** The API key that queued it: in the sandbox each key is its own account. */
  owner: string;
  request: ValidatedRequest;
}

interface IdempotencyEntry {
  checkId: string;
  fingerprint: string;
}

/** In-memory checks and Idempotency-Keys, both scoped to the API key. */
export class CheckStore {
  readonly #checks = new Map<string, StoredCheck>();
  readonly #keys = new Map<string, IdempotencyEntry>();

  add(check: StoredCheck): void {
    this.#checks.set(check.record.id, check);
  }

  /** The check, if it belongs to `owner` and (for a kind-specific GET) is of `kind`. */
  find(id: string, owner: string, kind: CheckKind | null): StoredCheck | undefined {
    const check = this.#checks.get(id);
    if (!check || check.owner !== owner) return undefined;
    if (kind !== null && check.kind !== kind) return undefined;
    return check;
  }

  findByIdempotencyKey(owner: string, key: string): { check: StoredCheck; fingerprint: string } | undefined {
    const entry = this.#keys.get(scopedKey(owner, key));
    const check = entry ? this.#checks.get(entry.checkId) : undefined;
    return entry && check ? { check, fingerprint: entry.fingerprint } : undefined;
  }

  rememberIdempotencyKey(owner: string, key: string, checkId: string, fingerprint: string): void {
    this.#keys.set(scopedKey(owner, key), { checkId, fingerprint });
  }

  clear(): void {
    this.#checks.clear();
    this.#keys.clear();
  }
}

// Neither part can hold a line feed (keys are base62, Idempotency-Keys visible ASCII).
function scopedKey(owner: string, key: string): string {
  return `${owner}\n${key}`;
}
