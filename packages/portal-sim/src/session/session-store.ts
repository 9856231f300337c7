import { makeToken } from '../util/random.js';

export interface Session<S> {
  readonly id: string;
  /** The hidden `_csrf` value every form of this session must send back. */
  readonly csrf: string;
  lastSeenMs: number;
  state: S;
}

export type SessionLookup<S> =
  | { readonly kind: 'active'; readonly session: Session<S> }
  /** The cookie named a session that timed out: its answers are gone. */
  | { readonly kind: 'expired' }
  /** No cookie, or one this server never issued. */
  | { readonly kind: 'missing' };

/** Expired ids are remembered this long so the "timed out" page can be told from "no session". */
const TOMBSTONE_MS = 24 * 60 * 60 * 1000;

/** In-memory sessions with an idle timeout, as the services' cookie sessions behave. */
export class SessionStore<S> {
  private readonly sessions = new Map<string, Session<S>>();
  private readonly tombstones = new Map<string, number>();

  constructor(private readonly initialState: () => S) {}

  create(nowMs: number): Session<S> {
    this.sweep(nowMs);
    const session: Session<S> = {
      id: makeToken(),
      csrf: makeToken(),
      lastSeenMs: nowMs,
      state: this.initialState(),
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Finds the session and, when it is still live, marks it as used now. */
  find(id: string | undefined, nowMs: number, timeoutSeconds: number): SessionLookup<S> {
    if (id === undefined) return { kind: 'missing' };
    const session = this.sessions.get(id);
    if (!session) return this.tombstones.has(id) ? { kind: 'expired' } : { kind: 'missing' };
    if (nowMs - session.lastSeenMs >= timeoutSeconds * 1000) {
      this.sessions.delete(id);
      this.tombstones.set(id, nowMs);
      return { kind: 'expired' };
    }
    session.lastSeenMs = nowMs;
    return { kind: 'active', session };
  }

  /** Ends a session (sign out, leave): later use of its cookie starts again. */
  destroy(id: string): void {
    this.sessions.delete(id);
    this.tombstones.delete(id);
  }

  clear(): void {
    this.sessions.clear();
    this.tombstones.clear();
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(nowMs: number): void {
    for (const [id, at] of this.tombstones) if (nowMs - at > TOMBSTONE_MS) this.tombstones.delete(id);
    for (const [id, s] of this.sessions) if (nowMs - s.lastSeenMs > TOMBSTONE_MS) this.sessions.delete(id);
  }
}
