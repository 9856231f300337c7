import { type CheckKind, type FollowUp, retentionEnd, type WorkKind } from '@sharecode/core/duties';
import {
  type CheckMode,
  type CheckReceipt,
  type DatesReceipt,
  type LikenessReceipt,
  modeOf,
  type StoredReceipt,
} from './receipt.js';

/**
 * A person's follow-up as the register applies it: the latest check's, unless the employment or
 * tenancy ended before its date (then none is needed: `ended`). The report, the follow-up list and
 * prune all read this one rule, through `peopleOf`.
 */
export type PersonFollowUp = FollowUp | { due: false; reason: 'ended'; ended: string };

export function personFollowUp(latest: CheckReceipt, ended: string | null): PersonFollowUp {
  const followUp = latest.follow_up;
  if (followUp.due && ended !== null && ended < followUp.date) return { due: false, reason: 'ended', ended };
  return followUp;
}

/** Everything the register holds about one person for one kind of check. */
export interface PersonRecord {
  kind: CheckKind;
  person: string;
  /** The name on their latest check. */
  name: string;
  /** Their checks, oldest first. */
  checks: CheckReceipt[];
  latest: CheckReceipt;
  /** Live, or sandbox (test data) when every check of theirs was made in the sandbox. */
  mode: CheckMode;
  /** The follow-up due, by the one rule (`personFollowUp`). */
  followUp: PersonFollowUp;
  started: string | null;
  ended: string | null;
  /** The work recorded with the dates (employment, engagement, tenancy); null: none recorded. */
  work: WorkKind | null;
  /** Likeness checks recorded (the photo compared with the person), oldest first. */
  likeness: LikenessReceipt[];
  /** The last day the evidence must be kept; null while the employment or tenancy goes on. */
  retentionEnd: string | null;
  /** Sequence numbers of every receipt about them (checks and dates). */
  seqs: number[];
}

export function personKey(kind: CheckKind, person: string): string {
  return `${kind}\u0000${person}`;
}

/** Sequence numbers a (sealed) prune receipt says were deleted. */
export function prunedSeqs(stored: readonly StoredReceipt[]): Set<number> {
  const seqs = new Set<number>();
  for (const { receipt, sealed } of stored) {
    if (receipt.type === 'prune' && sealed === true) for (const { seq } of receipt.removed) seqs.add(seq);
  }
  return seqs;
}

/**
 * Groups the receipts by person and kind; dates recorded later win. Receipts a prune deleted (left
 * behind by an interrupted prune) no longer count.
 */
export function peopleOf(stored: readonly StoredReceipt[]): PersonRecord[] {
  const checks = new Map<string, CheckReceipt[]>();
  const dates = new Map<string, DatesReceipt[]>();
  const likeness = new Map<string, LikenessReceipt[]>();
  const pruned = prunedSeqs(stored);
  for (const { receipt } of stored) {
    if (pruned.has(receipt.seq)) continue;
    if (receipt.type === 'check') {
      const key = personKey(receipt.kind, receipt.person);
      checks.set(key, [...(checks.get(key) ?? []), receipt]);
    } else if (receipt.type === 'dates') {
      const key = personKey(receipt.kind, receipt.person);
      dates.set(key, [...(dates.get(key) ?? []), receipt]);
    } else if (receipt.type === 'likeness') {
      const key = personKey(receipt.kind, receipt.person);
      likeness.set(key, [...(likeness.get(key) ?? []), receipt]);
    }
  }
  const people: PersonRecord[] = [];
  for (const [key, list] of checks) {
    const ordered = [...list].sort((a, b) => a.checked_at.localeCompare(b.checked_at) || a.seq - b.seq);
    const latest = ordered.at(-1) as CheckReceipt;
    const lastDates = dates.get(key)?.at(-1);
    const ended = lastDates?.ended ?? null;
    const compared = likeness.get(key) ?? [];
    people.push({
      kind: latest.kind,
      person: latest.person,
      name: latest.name,
      checks: ordered,
      latest,
      mode: ordered.some((c) => modeOf(c) === 'live') ? 'live' : 'sandbox',
      followUp: personFollowUp(latest, ended),
      started: lastDates?.started ?? null,
      ended,
      work: [...(dates.get(key) ?? [])].reverse().find((d) => d.work !== undefined)?.work ?? null,
      likeness: compared,
      retentionEnd: ended === null ? null : retentionEnd(latest.kind, ended),
      seqs: [
        ...ordered.map((c) => c.seq),
        ...(dates.get(key) ?? []).map((d) => d.seq),
        ...compared.map((l) => l.seq),
      ].sort((a, b) => a - b),
    });
  }
  return people.sort((a, b) => a.person.localeCompare(b.person) || a.kind.localeCompare(b.kind));
}
