import { createRetryAfter } from './retry-after.js';
import type { SlotAdmission, SlotHold, SlotRefusal } from './slot-types.js';

/** When a slot's check started (monotonic ms); `run` moves it to the check's real start. */
export interface SlotStart {
  at: number;
}

export type SlotTaken =
  | { readonly ok: true; readonly slot: SlotHold; readonly start: SlotStart }
  | Extract<SlotAdmission, { ok: false }>;

export interface SlotAdmissionOptions {
  readonly slots: number;
  /** Why the process cannot take one more check beside `inUse` running ones, or null. */
  readonly overloaded?: ((inUse: number) => string | null) | undefined;
  /** Why the checks in flight are at the adaptive limit, or null (overhead-limit.ts). */
  readonly limit?: ((inUse: number) => string | null) | undefined;
  readonly now: () => number;
  readonly isClosing: () => boolean;
}

/**
 * The count of slots in use, and the only place that lets a check in: refuses at once when every
 * slot is taken, the process is overloaded or closing, with a Retry-After from the running checks.
 */
export interface Admission {
  admit(): SlotAdmission;
  /** The slot a held request brings to `run`, or a fresh one taken now. */
  take(hold: SlotHold | undefined): SlotTaken;
  /** A finished check's length, to tell refused requests when to come back. */
  record(durationMs: number): void;
  inUse(): number;
  /** Refusals since start, by why. */
  refusals(): Readonly<Record<SlotRefusal, number>>;
}

interface Held {
  readonly start: SlotStart;
  released: boolean;
}

export function createAdmission(options: SlotAdmissionOptions): Admission {
  const { now } = options;
  const activeStarts = new Set<SlotStart>();
  const holds = new WeakMap<SlotHold, Held>();
  const retryAfter = createRetryAfter();
  let inUse = 0;
  const refusals: Record<SlotRefusal, number> = { full: 0, limit: 0, overloaded: 0, closed: 0 };
  const refuse = (why: SlotRefusal, retryAfterSeconds: number): SlotAdmission => {
    refusals[why] += 1;
    return { ok: false, retryAfterSeconds, why };
  };

  const retryAfterSeconds = () =>
    retryAfter.estimate(
      [...activeStarts].map((start) => start.at),
      now(),
    );

  function admit(): SlotAdmission {
    if (options.isClosing()) return refuse('closed', 1);
    if (inUse >= options.slots) return refuse('full', retryAfterSeconds());
    if (options.limit?.(inUse)) return refuse('limit', retryAfterSeconds());
    if (options.overloaded?.(inUse)) return refuse('overloaded', retryAfterSeconds());
    inUse += 1;
    const held: Held = { start: { at: now() }, released: false };
    activeStarts.add(held.start);
    const hold: SlotHold = {
      release() {
        if (held.released) return;
        held.released = true;
        activeStarts.delete(held.start);
        inUse -= 1;
      },
    };
    holds.set(hold, held);
    return { ok: true, hold };
  }

  function take(hold: SlotHold | undefined): SlotTaken {
    const held = hold ? holds.get(hold) : undefined;
    if (hold && held && !held.released) {
      if (options.isClosing()) {
        hold.release();
        refusals.closed += 1;
        return { ok: false, retryAfterSeconds: 1, why: 'closed' };
      }
      held.start.at = now();
      return { ok: true, slot: hold, start: held.start };
    }
    const admitted = admit();
    if (!admitted.ok) return admitted;
    return { ok: true, slot: admitted.hold, start: (holds.get(admitted.hold) as Held).start };
  }

  return {
    admit,
    take,
    record: (durationMs) => retryAfter.record(durationMs),
    inUse: () => inUse,
    refusals: () => ({ ...refusals }),
  };
}
