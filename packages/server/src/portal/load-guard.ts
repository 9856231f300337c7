import { readFileSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { machineBusyMeter } from './machine-cpu.js';

export interface LoadGuardOptions {
  /**
   * Refuse new checks while the event loop's p99 delay was above this in each of the last two samples.
   * Two: one long pause (a GC, a big JSON parse) is not overload; a loop that stays late is, and more
   * checks would only make every answer later.
   */
  readonly maxEventLoopDelayMs: number;
  /** Refuse new checks while the machine has less memory available than this. */
  readonly minAvailableBytes: number;
  /**
   * Refuse new checks while the machine's CPU was busier than this share (0.9: 90 %) in each of the
   * last CPU_SAMPLES samples; 1 or more never refuses. Chromium's renderers do most of a check's work
   * and never delay Node's event loop, so only this sees the cores run out.
   */
  readonly maxCpuBusy?: number;
  /**
   * The CPU limit counts only with at least this many checks running (default: 4 a core): a few
   * checks on busy cores (a portal that answers at once, or other work on the machine) each finish
   * soon; it is many sharing them that makes every one late.
   */
  readonly minChecksForCpu?: number;
  readonly sampleMs?: number;
  /** Available memory in bytes; injectable for tests (default: MemAvailable, else free memory). */
  readonly availableBytes?: () => number;
  /** The machine's busy share since the last call (machine-cpu.ts); injectable for tests. */
  readonly cpuBusy?: () => number;
  /** Cores the process may use (default: availableParallelism()), for minChecksForCpu. */
  readonly cores?: number;
}

export interface LoadGuard {
  /**
   * Why a new check beside `inUse` running ones would push the process past its limits now, or null.
   * Cheap: reads a cached sample.
   */
  overloaded(inUse?: number): string | null;
  /** The latest sample, for logs and the benchmark. */
  sample(): { readonly eventLoopP99Ms: number; readonly availableBytes: number; readonly cpuBusy: number };
  stop(): void;
}

/**
 * Well above the 100 ms p99 the service aims for, so that normal operation (and a busy test machine)
 * never trips it: it stops admitting only when the process is clearly falling behind.
 */
export const DEFAULT_LOAD_LIMITS = {
  maxEventLoopDelayMs: 500,
  minAvailableBytes: 256 * 1024 * 1024,
  // Past this the cores are the queue: every check in flight gets slower (issue 29: a 2-core instance
  // offered more than its bound collapsed to 20 checks a minute).
  maxCpuBusy: 0.9,
} as const;

/** Consecutive samples over maxCpuBusy before refusing: a browser launch is a second's burst. */
export const CPU_SAMPLES = 3;

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
 * Samples the event loop's delay and the machine's busy CPU and available memory once a second, so
 * that admission (one call per request, under a burst too) reads numbers instead of measuring anything.
 */
export function startLoadGuard(options: LoadGuardOptions): LoadGuard {
  const readAvailable = options.availableBytes ?? availableMemoryBytes;
  const maxCpuBusy = options.maxCpuBusy ?? 1;
  const cores = Math.max(1, options.cores ?? availableParallelism());
  const minChecksForCpu = options.minChecksForCpu ?? cores * 4;
  const cpuBusy = options.cpuBusy ?? (maxCpuBusy < 1 ? machineBusyMeter() : () => 0);
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let latest = { eventLoopP99Ms: 0, availableBytes: readAvailable(), cpuBusy: 0 };
  let previousP99Ms = 0;
  const busyShares: number[] = [];
  const timer = setInterval(() => {
    previousP99Ms = latest.eventLoopP99Ms;
    latest = {
      eventLoopP99Ms: histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0,
      availableBytes: readAvailable(),
      cpuBusy: cpuBusy(),
    };
    busyShares.push(latest.cpuBusy);
    if (busyShares.length > CPU_SAMPLES) busyShares.shift();
    histogram.reset();
  }, options.sampleMs ?? 1_000);
  timer.unref();
  return {
    overloaded(inUse = Number.POSITIVE_INFINITY) {
      const lateMs = Math.min(latest.eventLoopP99Ms, previousP99Ms);
      if (lateMs > options.maxEventLoopDelayMs) {
        return `event loop delay p99 ${Math.round(lateMs)} ms for 2 samples, over ${options.maxEventLoopDelayMs} ms`;
      }
      const busy =
        busyShares.length === CPU_SAMPLES && inUse >= minChecksForCpu ? Math.min(...busyShares) : 0;
      if (busy > maxCpuBusy) {
        return `CPU ${Math.round(busy * 100)} % busy for ${CPU_SAMPLES} samples, over ${Math.round(maxCpuBusy * 100)} %`;
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
