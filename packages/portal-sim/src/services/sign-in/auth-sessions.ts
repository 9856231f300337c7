import { makeToken } from '../../util/random.js';

/** One sign-in in progress, as Keycloak keeps an authentication session per browser tab. */
export interface AuthSession {
  /** The AUTH_SESSION_ID cookie's value. */
  readonly id: string;
  readonly tabId: string;
  /** The hidden `csrfToken` of this session's forms. */
  readonly csrf: string;
  /** Changes at every step, so a form sent from an older page is refused ("Page has expired"). */
  sessionCode: string;
  execution: string;
  step: 'share-code' | 'date-of-birth';
  shareCode?: string;
  readonly redirectUri: string;
  readonly state: string;
  lastSeenMs: number;
}

/** What the service gets back for a one-time code after a sign-in that opened a record. */
export interface SignInOutcome {
  readonly state: string;
  readonly shareCode: string;
  readonly dob: { readonly day: string; readonly month: string; readonly year: string };
  /** Share code of the person the lookup matched. */
  readonly matched: string;
}

export type Found =
  | { readonly kind: 'active'; readonly session: AuthSession }
  | { readonly kind: 'no-cookie' }
  | { readonly kind: 'expired' };

/** The sign-in host's memory: authentication sessions and the one-time codes it hands back. */
export class AuthSessions {
  private readonly sessions = new Map<string, AuthSession>();
  private readonly codes = new Map<string, SignInOutcome>();

  create(nowMs: number, redirectUri: string, state: string): AuthSession {
    const session: AuthSession = {
      id: makeToken(),
      tabId: makeToken().slice(0, 11),
      csrf: makeToken(),
      sessionCode: makeToken(),
      execution: crypto.randomUUID(),
      step: 'share-code',
      redirectUri,
      state,
      lastSeenMs: nowMs,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Finds a live session by its cookie; a session idle longer than the timeout is gone. */
  find(id: string | undefined, nowMs: number, timeoutSeconds: number): Found {
    if (id === undefined || id === '') return { kind: 'no-cookie' };
    const session = this.sessions.get(id);
    if (!session) return { kind: 'expired' };
    if (nowMs - session.lastSeenMs >= timeoutSeconds * 1000) {
      this.sessions.delete(id);
      return { kind: 'expired' };
    }
    session.lastSeenMs = nowMs;
    return { kind: 'active', session };
  }

  /** The session of a cookie, without marking it used (for sorting requests into fault scopes). */
  peek(id: string | undefined): AuthSession | undefined {
    return id === undefined ? undefined : this.sessions.get(id);
  }

  /** Moves a session to its next step with a fresh session code. */
  advance(session: AuthSession, step: AuthSession['step']): void {
    session.step = step;
    session.sessionCode = makeToken();
    session.execution = crypto.randomUUID();
  }

  /** Ends the sign-in and returns the one-time code the service redeems. */
  finish(session: AuthSession, outcome: Omit<SignInOutcome, 'state'>): string {
    this.sessions.delete(session.id);
    const code = makeToken();
    this.codes.set(code, { ...outcome, state: session.state });
    return code;
  }

  /** A code works once. */
  redeem(code: string): SignInOutcome | undefined {
    const outcome = this.codes.get(code);
    this.codes.delete(code);
    return outcome;
  }

  drop(id: string): void {
    this.sessions.delete(id);
  }

  clear(): void {
    this.sessions.clear();
    this.codes.clear();
  }
}
