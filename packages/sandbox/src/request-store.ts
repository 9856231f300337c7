import type { ApplicantFieldError, CheckRequestState } from '@sharecode/core/check-requests';
import type { StoredCheck } from './check-store.js';

/** A check request held by the sandbox: what the service's table keeps, in memory. */
export interface StoredRequest {
  state: CheckRequestState;
  /** The API key that made it: in the sandbox each key is its own account. */
  owner: string;
  /** SHA-256 (hex) of the applicant's token: the link is looked up by it, as on the service. */
  tokenHash: string;
  /** Where its own events go, fixed when it was made: its callback_url, else the default of the moment. */
  eventUrl: string | null;
  /** Checks its applicant's details made, the latest last. */
  checks: StoredCheck[];
  /** The error the form shows after a failed check (a failed attempt). */
  lastError: ApplicantFieldError | null;
  /** The last check could not be made, or ended for a reason not the applicant's. */
  notice: 'not_now' | null;
  /** The page said "sent" once; from then on the link answers 410. */
  sentShown: boolean;
  /** Its `check_request.*` event was sent (at most one: it locks or expires once). */
  endedEventSent: boolean;
  /** Resolved when its pending check ends (what the page and the applicant helper wait on). */
  checkEnded: Promise<void>;
  endCheck: () => void;
}

/** In-memory check requests, by id and by token hash, both scoped to the API key. */
export class RequestStore {
  readonly #byId = new Map<string, StoredRequest>();
  readonly #byTokenHash = new Map<string, StoredRequest>();

  add(request: StoredRequest): void {
    this.#byId.set(request.state.id, request);
    this.#byTokenHash.set(request.tokenHash, request);
  }

  /** The request, if it belongs to `owner`. */
  find(id: string, owner: string): StoredRequest | undefined {
    const request = this.#byId.get(id);
    return request?.owner === owner ? request : undefined;
  }

  findByTokenHash(tokenHash: string): StoredRequest | undefined {
    return this.#byTokenHash.get(tokenHash);
  }

  /** `owner`'s requests, newest first (ties broken by id, as the service's list orders them). */
  list(owner: string): StoredRequest[] {
    return [...this.#byId.values()]
      .filter((request) => request.owner === owner)
      .sort((a, b) => {
        const at = b.state.created_at.getTime() - a.state.created_at.getTime();
        return at !== 0 ? at : a.state.id < b.state.id ? 1 : a.state.id > b.state.id ? -1 : 0;
      });
  }

  /** Forgets every request; anything waiting for a check of one stops waiting. */
  clear(): void {
    for (const request of this.#byId.values()) request.endCheck();
    this.#byId.clear();
    this.#byTokenHash.clear();
  }
}

/** A fresh promise the next check's end resolves. */
export function checkEndSignal(): Pick<StoredRequest, 'checkEnded' | 'endCheck'> {
  let endCheck = () => {};
  const checkEnded = new Promise<void>((resolve) => {
    endCheck = resolve;
  });
  return { checkEnded, endCheck };
}
