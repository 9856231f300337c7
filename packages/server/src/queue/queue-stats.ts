import type { KeyMode } from '../accounts/api-key.js';

/** The asynchronous-check queue as the whole cluster sees it (every process sharing the database). */
export interface QueueStats {
  /** Checks not yet ended, by mode and state (`queued`: waiting or due; `running`: a process holds it). */
  readonly checks: readonly {
    readonly mode: KeyMode;
    readonly state: 'queued' | 'running';
    readonly count: number;
  }[];
  /**
   * Per mode: how long the oldest due check has waited past its due time, in seconds (0: none is due).
   * A check whose run was lost is due again once its lease runs out.
   */
  readonly oldestDueSeconds: Readonly<Record<KeyMode, number>>;
}

/** Reads the figures on demand (each metrics scrape), on the database's own clock. */
export interface QueueStatsSource {
  read(): Promise<QueueStats>;
}
