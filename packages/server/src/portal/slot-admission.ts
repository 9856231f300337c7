import { createRetryAfter } from './retry-after.js';

/** How long after a synchronous check was refused queued checks leave it a quarter of the limit. */
export const SYNC_FIRST_MS = 10_000;

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
  /** The adaptive limit now (overhead-limit.ts); the slots when there is none. */
  readonly limitNow?: (() => number) | undefined;
  readonly now: () => number;
  readonly isClosing: () => boolean;
}

/**
 * The count of slots in use, and the only place that lets a check in: refuses at once when every
 * slot is taken, the process is overloaded or closing, with a Retry-After from the running checks.
 */
export interface Admission {
  /**
   * A slot now, or a refusal. `queued`: for a queued check the worker would claim; its refusals are
   * not counted (nothing was refused: the check waits in the queue), and while synchronous checks
   * were refused in the last SYNC_FIRST_MS it leaves a quarter of the limit to them: a client is
   * waiting on the line, a queued check is not.
   */
  admit(queued?: boolean): SlotAdmission;
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
  let syncRefusedAt = Number.NEGATIVE_INFINITY;
  const refusals: Record<SlotRefusal, number> = { full: 0, limit: 0, overloaded: 0, closed: 0 };
  const refuse = (why: SlotRefusal, retryAfterSeconds: number, queued: boolean): SlotAdmission => {
    if (!queued) {
      refusals[why] += 1;
      if (why !== 'closed') syncRefusedAt = now();
    }
    return { ok: false, retryAfterSeconds, why };
  };
  /** The checks in flight as the limit sees them for this request (see Admission.admit). */
  const askedInUse = (queued: boolean) =>
    queued && now() - syncRefusedAt < SYNC_FIRST_MS
      ? inUse + Math.ceil((options.limitNow?.() ?? options.slots) / 4)
      : inUse;

  const retryAfterSeconds = () =>
    retryAfter.estimate(
      [...activeStarts].map((start) => start.at),
      now(),
    );

  function admit(queued = false): SlotAdmission {
    if (options.isClosing()) return refuse('closed', 1, queued);
    if (inUse >= options.slots) return refuse('full', retryAfterSeconds(), queued);
    if (options.limit?.(askedInUse(queued))) return refuse('limit', retryAfterSeconds(), queued);
    if (options.overloaded?.(inUse)) return refuse('overloaded', retryAfterSeconds(), queued);
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
