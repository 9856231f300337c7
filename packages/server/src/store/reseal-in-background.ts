import type { Logger } from 'pino';
import { safeError } from '../safe-error.js';
import type { ResealReport } from './reseal.js';
import type { CompactedTable } from './shred-sql.js';

export interface BackgroundReseal {
  /** Resolves when the current batch has ended and no other will start. */
  stop(): Promise<void>;
  /** Resolves when every value is sealed with the current key (or on stop or error). */
  readonly done: Promise<void>;
}

/**
 * After a key rotation: seals old values again, a batch at a time with a pause between batches so
 * requests keep the database, until none is left; then says the old keys can go. Old values stay
 * readable all along (the keyring holds every key).
 */
export function resealInBackground(
  reseal: (limit: number) => Promise<ResealReport>,
  log: Logger,
  options: {
    readonly batch?: number;
    readonly pauseMs?: number;
    /** Compacts the tables changed and writes a checkpoint (Database.finishReseal). */
    readonly finish?: (
      tables: readonly CompactedTable[],
    ) => Promise<{ readonly checkpoint: boolean; readonly complete?: boolean }>;
  } = {},
): BackgroundReseal {
  const batch = options.batch ?? 200;
  const pauseMs = options.pauseMs ?? 50;
  let stopped = false;
  let wake: () => void = () => {};
  const done = (async () => {
    let total = 0;
    const tables = new Set<CompactedTable>();
    log.info('encryption: sealing values held under older keys again with the current key');
    while (!stopped) {
      let report: ResealReport;
      try {
        report = await reseal(batch);
      } catch (error) {
        log.warn(
          { err: safeError(error) },
          'encryption: re-sealing stopped; it starts again at the next start',
        );
        return;
      }
      total += report.resealed;
      for (const table of report.tables) tables.add(table);
      if (report.resealed === 0) {
        if (report.unreadable > 0) {
          log.warn(
            { resealed: total, unreadable: report.unreadable },
            'encryption: some values open with no configured key; keep every old key until they are found',
          );
          return;
        }
        // The old values are still in the tables' files until they are rewritten.
        let checkpoint = true;
        try {
          const finished = await options.finish?.([...tables]);
          checkpoint = finished?.checkpoint ?? true;
          if (finished?.complete === false) {
            log.warn(
              { resealed: total },
              'encryption: a database transaction older than the re-seal was still running, so the compaction may have kept old values; keep the old keys, it runs again at the next start',
            );
            return;
          }
        } catch (error) {
          log.warn(
            { err: safeError(error) },
            'encryption: compacting the tables failed; keep the old keys, it runs again at the next start',
          );
          return;
        }
        log.info(
          { resealed: total, compacted: [...tables], checkpoint },
          checkpoint
            ? 'encryption: every value is sealed with the current key and the tables are compacted; the old keys can be removed'
            : 'encryption: every value is sealed with the current key and the tables are compacted; the old keys can be removed once PostgreSQL has written its next checkpoint (CHECKPOINT needs pg_checkpoint)',
        );
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, pauseMs).unref();
      });
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      wake();
      await done;
    },
  };
}
