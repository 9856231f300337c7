import { readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type CheckKind, isPastRetention } from '@sharecode/core/duties';
import { formatDate } from '@sharecode/core/util';
import type { Register } from './open-register.js';
import { peopleOf, prunedSeqs } from './people.js';
import { receiptFileName, sha256Hex } from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { appendReceipt, readReceipts, receiptFiles, serialised } from './register-store.js';

export interface PrunedPerson {
  kind: CheckKind;
  person: string;
  retention_end: string;
  /** Paths inside the register that were (or, with dryRun, would be) deleted. */
  files: string[];
}

export interface PruneReport {
  today: string;
  dry_run: boolean;
  removed: PrunedPerson[];
  /** People kept: their employment or tenancy goes on, or their retention end has not passed. */
  kept: number;
}

/**
 * Deletes the evidence and receipts of every person whose retention end has passed, and records
 * the deletion in the chain (the deleted receipts' hashes, nothing personal). Never touches anyone
 * whose employment or tenancy has no end date, or whose retention end is today or later.
 */
export function pruneRegister(
  register: Register,
  options: { today?: string | undefined; dryRun?: boolean | undefined; now?: Date | undefined } = {},
): Promise<PruneReport> {
  return serialised(register, async () => {
    const today = options.today ?? formatDate(new Date());
    const dryRun = options.dryRun === true;
    const stored = await readReceipts(register);
    const people = peopleOf(stored);
    // Receipts an interrupted prune already recorded as deleted, with their evidence: finish the job.
    const pruned = prunedSeqs(stored);
    const leftovers = stored.filter(({ receipt }) => pruned.has(receipt.seq));
    const due = people.filter((p) => p.retentionEnd !== null && isPastRetention(p.retentionEnd, today));
    const files = await receiptFiles(register);
    const removed: PrunedPerson[] = [];
    const hashes: Array<{ seq: number; sha256: string }> = [];
    for (const person of due) {
      const paths = person.checks.flatMap((check) =>
        [check.files.pdf, check.files.photo].flatMap((file) => (file ? [file.path] : [])),
      );
      for (const seq of person.seqs) {
        const path = files.get(seq);
        if (path) hashes.push({ seq, sha256: sha256Hex(await readFile(path)) });
      }
      removed.push({
        kind: person.kind,
        person: person.person,
        retention_end: person.retentionEnd as string,
        files: [...paths, ...person.seqs.map((seq) => `receipts/${receiptFileName(seq)}`)],
      });
    }
    if (!dryRun) {
      for (const { receipt } of leftovers) {
        const files = receipt.type === 'check' ? [receipt.files.pdf, receipt.files.photo] : [];
        for (const file of files) if (file) await remove(register, file.path);
        await remove(register, `receipts/${receiptFileName(receipt.seq)}`);
      }
    }
    if (!dryRun && removed.length > 0) {
      // The prune receipt goes first: a crash part-way leaves files the chain already says are gone,
      // which verify reports as added, never a gap it cannot explain.
      await appendReceipt(
        register,
        { type: 'prune', removed: hashes.sort((a, b) => a.seq - b.seq), on: today },
        options.now ?? new Date(),
      );
      for (const path of removed.flatMap((p) => p.files)) await remove(register, path);
    }
    return { today, dry_run: dryRun, removed, kept: people.length - due.length };
  });
}

async function remove(register: Register, path: string): Promise<void> {
  const absolute = join(register.dir, ...path.split('/'));
  try {
    await unlink(absolute);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw new ShareCodeRegisterError('write_failed', `Could not delete ${absolute}.`, { cause: error });
  }
  // Drop the reference's folder once its last file is gone.
  const folder = dirname(absolute);
  if (folder !== join(register.dir, 'receipts') && (await readdir(folder)).length === 0) {
    await rmdir(folder).catch(() => undefined);
  }
}
