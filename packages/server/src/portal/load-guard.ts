import { readFileSync } from 'node:fs';
import { freemem } from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoadGuardOptions {
  /**
   * Refuse new checks while the event loop's p99 delay was above this in each of the last two samples.
   * Two: one long pause (a GC, a big JSON parse) is not overload; a loop that stays late is, and more
   * checks would only make every answer later.
   */
  readonly maxEventLoopDelayMs: number;
  /** Refuse new checks while the machine has less memory available than this. */
  readonly minAvailableBytes: number;
  readonly sampleMs?: number;
  /** Available memory in bytes; injectable for tests (default: MemAvailable, else free memory). */
  readonly availableBytes?: () => number;
}

export interface LoadGuard {
  /** Why a new check would push the process past its limits now, or null. Cheap: reads a cached sample. */
  overloaded(): string | null;
  /** The latest sample, for logs and the benchmark. */
  sample(): { readonly eventLoopP99Ms: number; readonly availableBytes: number };
  stop(): void;
}

/**
 * Well above the 100 ms p99 the service aims for, so that normal operation (and a busy test machine)
 * never trips it: it stops admitting only when the process is clearly falling behind.
 */
export const DEFAULT_LOAD_LIMITS = {
  maxEventLoopDelayMs: 500,
  minAvailableBytes: 256 * 1024 * 1024,
} as const;

/** MemAvailable from /proc/meminfo (what the kernel can hand out without swapping), else free memory. */
export function availableMemoryBytes(): number {
  try {
    const match = /^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'latin1'));
    if (match?.[1]) return Number(match[1]) * 1024;
  } catch {
    // Not Linux: fall through.
  }
  return freemem();
}

/**
 * Samples the event loop's delay and the machine's available memory once a second, so that admission
 * (one call per request, under a burst too) reads numbers instead of measuring anything. The cores
 * running out is the adaptive limit's to see (overhead-limit.ts): it shows as every check's own
 * overhead growing, which a machine-wide CPU share refused for too early (decisions.md, "Issue 34").
 */
export function startLoadGuard(options: LoadGuardOptions): LoadGuard {
  const readAvailable = options.availableBytes ?? availableMemoryBytes;
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let latest = { eventLoopP99Ms: 0, availableBytes: readAvailable() };
  let previousP99Ms = 0;
  const timer = setInterval(() => {
    previousP99Ms = latest.eventLoopP99Ms;
    latest = {
      eventLoopP99Ms: histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0,
      availableBytes: readAvailable(),
    };
    histogram.reset();
  }, options.sampleMs ?? 1_000);
  timer.unref();
  return {
    overloaded() {
      const lateMs = Math.min(latest.eventLoopP99Ms, previousP99Ms);
      if (lateMs > options.maxEventLoopDelayMs) {
        return `event loop delay p99 ${Math.round(lateMs)} ms for 2 samples, over ${options.maxEventLoopDelayMs} ms`;
      }
      if (latest.availableBytes < options.minAvailableBytes) {
        return `available memory ${Math.round(latest.availableBytes / 2 ** 20)} MiB under ${Math.round(options.minAvailableBytes / 2 ** 20)} MiB`;
      }
      return null;
    },
    sample: () => latest,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
