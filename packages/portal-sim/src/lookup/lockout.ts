interface Entry {
  failures: number;
  lockedUntilMs: number | null;
}

/**
 * Per-share-code lockout after repeated failed lookups (the "locked" status vendors report).
 * The real count and duration are unknown, so both are settings.
 */
export class Lockout {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
  ) {}

  isLocked(code: string, nowMs: number): boolean {
    const entry = this.entries.get(code);
    if (!entry || entry.lockedUntilMs === null) return false;
    if (nowMs < entry.lockedUntilMs) return true;
    this.entries.delete(code);
    return false;
  }

  /** Counts a failure; the code locks when the count reaches the limit. */
  recordFailure(code: string, nowMs: number): void {
    const entry = this.entries.get(code) ?? { failures: 0, lockedUntilMs: null };
    entry.failures += 1;
    if (entry.failures >= this.maxFailures) entry.lockedUntilMs = nowMs + this.lockSeconds * 1000;
    this.entries.set(code, entry);
  }

  recordSuccess(code: string): void {
    this.entries.delete(code);
  }

  clear(): void {
    this.entries.clear();
  }
}
