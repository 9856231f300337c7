/** What `GET /readyz` asks: each probe answers null when its part is ready, or why it is not. */
export interface ReadinessProbes {
  /** The database answers and its schema is the one this server needs. */
  database(): Promise<string | null>;
  /** The portal driver's browser (absent without a driver). */
  readonly browser?: (() => string | null) | undefined;
  /** True from the first shutdown signal on. */
  draining(): boolean;
  /** Longest wait for the database's answer; a slower one is a reason (default 2 s). */
  readonly timeoutMs?: number;
}

export interface ReadinessReport {
  readonly ready: boolean;
  /** Why not, in words for an operator; empty when ready. */
  readonly reasons: readonly string[];
  /**
   * The same reasons for anyone who asks (no operator token): a database error can name a host, a
   * port or a user, so the database's reason is only that it does not answer.
   */
  readonly publicReasons: readonly string[];
}

/** The start of every reason that the database does not answer; the rest is its error's first line. */
export const DATABASE_DOWN = 'the database does not answer';

const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * Readiness for traffic, as orchestrators and load balancers ask it: database reachable and migrated,
 * browser launched when the driver is on, not shutting down. Liveness (`/livez`) asks none of these:
 * a database blip must not make an orchestrator restart every instance.
 */
export function createReadiness(probes: ReadinessProbes): () => Promise<ReadinessReport> {
  const timeoutMs = probes.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async () => {
    const reasons: string[] = [];
    if (probes.draining()) reasons.push('shutting down: in-flight work is finishing');
    const database = await withTimeout(probes.database(), timeoutMs).catch(
      (error: unknown) => `${DATABASE_DOWN}: ${firstLine(error)}`,
    );
    if (database !== null) reasons.push(database);
    const browser = probes.browser?.() ?? null;
    if (browser !== null) reasons.push(browser);
    const publicReasons = reasons.map((reason) =>
      reason.startsWith(DATABASE_DOWN) ? DATABASE_DOWN : reason,
    );
    return { ready: reasons.length === 0, reasons, publicReasons };
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
