import { type CheckKind, retentionEnd } from '../../../core/src/duties/index.js';
import type { CheckReceipt, DatesReceipt, StoredReceipt } from './receipt.js';

/** Everything the register holds about one person for one kind of check. */
export interface PersonRecord {
  kind: CheckKind;
  person: string;
  /** The name on their latest check. */
  name: string;
  /** Their checks, oldest first. */
  checks: CheckReceipt[];
  latest: CheckReceipt;
  started: string | null;
  ended: string | null;
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
  const pruned = prunedSeqs(stored);
  for (const { receipt } of stored) {
    if (pruned.has(receipt.seq)) continue;
    if (receipt.type === 'check') {
      const key = personKey(receipt.kind, receipt.person);
      checks.set(key, [...(checks.get(key) ?? []), receipt]);
    } else if (receipt.type === 'dates') {
      const key = personKey(receipt.kind, receipt.person);
      dates.set(key, [...(dates.get(key) ?? []), receipt]);
    }
  }
  const people: PersonRecord[] = [];
  for (const [key, list] of checks) {
    const ordered = [...list].sort((a, b) => a.checked_at.localeCompare(b.checked_at) || a.seq - b.seq);
    const latest = ordered.at(-1) as CheckReceipt;
    const lastDates = dates.get(key)?.at(-1);
    const ended = lastDates?.ended ?? null;
    people.push({
      kind: latest.kind,
      person: latest.person,
      name: latest.name,
      checks: ordered,
      latest,
      started: lastDates?.started ?? null,
      ended,
      retentionEnd: ended === null ? null : retentionEnd(latest.kind, ended),
      seqs: [...ordered.map((c) => c.seq), ...(dates.get(key) ?? []).map((d) => d.seq)].sort((a, b) => a - b),
    });
  }
  return people.sort((a, b) => a.person.localeCompare(b.person) || a.kind.localeCompare(b.kind));
}
