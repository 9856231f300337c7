/** A signed-in owner's session, found by the SHA-256 of its cookie token. */
export interface DashboardSession {
  readonly accountId: string;
  /** The synchroniser token every form of this session carries. */
  readonly csrfToken: string;
  readonly expiresAt: Date;
}

/** Storage of dashboard passwords and sessions (src/store/dashboard-repo.ts). */
export interface DashboardRepo {
  /** Sets (or with null removes) the owner's password hash; false when there is no such account. */
  setPasswordHash(accountId: string, hash: string | null, now: Date): Promise<boolean>;
  /** Accounts with this e-mail address (any case) that have a password. */
  signInCandidates(email: string): Promise<{ readonly accountId: string; readonly passwordHash: string }[]>;
  createSession(tokenHash: Buffer, session: DashboardSession, now: Date): Promise<void>;
  findSession(tokenHash: Buffer, now: Date): Promise<DashboardSession | null>;
  deleteSession(tokenHash: Buffer): Promise<void>;
  /** Signs the owner out everywhere (the password changed). */
  deleteSessionsOf(accountId: string): Promise<void>;
  /** Deletes expired sessions; returns how many. */
  sweep(now: Date): Promise<number>;
}
