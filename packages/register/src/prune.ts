import { readdir, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type CheckKind, isPastRetention } from '@sharecode/core/duties';
import { formatDate } from '@sharecode/core/util';
import type { Register } from './open-register.js';
import { peopleOf, prunedSeqs } from './people.js';
import { evidenceOf, receiptFileName, type StoredReceipt } from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { resolveInRegister } from './register-path.js';
import type { RegisterProblem } from './register-problem.js';
import { appendReceipt, RECEIPTS_DIR, readReceipts, receiptFiles, serialised } from './register-store.js';
import { verifyRegister } from './verify-register.js';

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
  /**
   * Evidence files of pruned people left in place: a kept check files the same file, or (only with
   * `despiteProblems`) the path could not be resolved inside the register.
   */
  left: Array<{ path: string; why: string }>;
  /** What verify found wrong before the prune (only with `despiteProblems`; recorded in its receipt). */
  problems: RegisterProblem[];
}

export interface PruneOptions {
  /** The day to prune as of, YYYY-MM-DD (default: today, UTC). */
  today?: string | undefined;
  /** List what would be deleted; delete nothing. */
  dryRun?: boolean | undefined;
  /**
   * Prune a register that does not verify (default false: refused). Only receipts the register's
   * seal vouches for are acted on, and the problems are recorded in the prune's own receipt.
   */
  despiteProblems?: boolean | undefined;
  /** The clock of the prune receipt (tests). */
  now?: Date | undefined;
}

/** The one problem prune itself resolves: files an interrupted prune already recorded as deleted. */
function leftoverPaths(leftovers: readonly StoredReceipt[]): Set<string> {
  const paths = new Set<string>();
  for (const { receipt } of leftovers) {
    paths.add(`${RECEIPTS_DIR}/${receiptFileName(receipt.seq)}`);
    for (const file of evidenceOf(receipt)) paths.add(file.path);
  }
  return paths;
}

function refusal(register: Register, problems: readonly RegisterProblem[]): ShareCodeRegisterError {
  const shown = problems.slice(0, 10).map((p) => `  ${p.kind.toUpperCase()} ${p.path} ${p.detail}`);
  const more = problems.length > 10 ? [`  ... and ${problems.length - 10} more (rtw register verify)`] : [];
  return new ShareCodeRegisterError(
    'unverified',
    [
      `The register at ${register.dir} does not verify (${problems.length} problem${problems.length === 1 ? '' : 's'}): nothing was deleted.`,
      ...shown,
      ...more,
      'Restore the register from a backup, or prune only what its seal vouches for (despiteProblems; rtw: --despite-problems), which records these problems in the prune receipt.',
    ].join('\n'),
  );
}

/**
 * Deletes the evidence and receipts of every person whose retention end has passed, and records
 * the deletion in the chain (the deleted receipts' hashes, nothing personal). Never touches anyone
 * whose employment or tenancy has no end date, or whose retention end is today or later. Acts only
 * on receipts sealed with the register's key, deletes only inside the register, never a file a kept
 * check still files, and refuses a register that does not verify unless `despiteProblems`.
 */
export function pruneRegister(register: Register, options: PruneOptions = {}): Promise<PruneReport> {
  return serialised(register, async () => {
    const today = options.today ?? formatDate(new Date());
    const dryRun = options.dryRun === true;
    const stored = await readReceipts(register);
    // Receipts an interrupted prune already recorded as deleted, with their evidence: finish the job.
    const pruned = prunedSeqs(stored);
    const leftovers = stored.filter(({ receipt }) => pruned.has(receipt.seq));
    const leftover = leftoverPaths(leftovers);
    const problems = (await verifyRegister(register)).problems.filter((p) => !leftover.has(p.path));
    if (problems.length > 0 && options.despiteProblems !== true) throw refusal(register, problems);

    const people = peopleOf(stored);
    const due = people.filter((p) => p.retentionEnd !== null && isPastRetention(p.retentionEnd, today));
    const dueSet = new Set(due);
    // Several checks can file the same evidence file: one a kept check files stays.
    const keptFiles = new Set(
      people
        .filter((p) => !dueSet.has(p))
        .flatMap((p) => p.checks.flatMap((c) => evidenceOf(c).map((f) => f.path))),
    );
    const byPath = new Map(stored.map((s) => [s.receipt.seq, s.sha256]));
    const files = await receiptFiles(register);
    const removed: PrunedPerson[] = [];
    const left: PruneReport['left'] = [];
    const hashes: Array<{ seq: number; sha256: string }> = [];
    for (const person of due) {
      const paths: string[] = [];
      for (const path of new Set(person.checks.flatMap((check) => evidenceOf(check).map((f) => f.path)))) {
        if (keptFiles.has(path)) left.push({ path, why: 'a kept check files the same file' });
        else paths.push(path);
      }
      for (const seq of person.seqs) {
        const sha256 = byPath.get(seq);
        if (files.has(seq) && sha256 !== undefined) hashes.push({ seq, sha256 });
      }
      removed.push({
        kind: person.kind,
        person: person.person,
        retention_end: person.retentionEnd as string,
        files: [...paths, ...person.seqs.map((seq) => `${RECEIPTS_DIR}/${receiptFileName(seq)}`)],
      });
    }
    if (!dryRun) {
      for (const { receipt } of leftovers) {
        for (const file of evidenceOf(receipt)) {
          if (!keptFiles.has(file.path)) await removeEvidence(register, file.path, left);
        }
        await removeReceipt(register, receipt.seq);
      }
    }
    if (!dryRun && removed.length > 0) {
      // The prune receipt goes first: a crash part-way leaves files the chain already says are gone,
      // which verify reports as added, never a gap it cannot explain.
      await appendReceipt(
        register,
        {
          type: 'prune',
          removed: hashes.sort((a, b) => a.seq - b.seq),
          on: today,
          ...(problems.length > 0 ? { problems } : {}),
        },
        options.now ?? new Date(),
      );
      for (const person of removed) {
        for (const path of person.files) {
          if (path.startsWith(`${RECEIPTS_DIR}/`)) await removeReceipt(register, Number(path.slice(9, 15)));
          else await removeEvidence(register, path, left);
        }
      }
    }
    return { today, dry_run: dryRun, removed, kept: people.length - due.length, left, problems };
  });
}

async function removeReceipt(register: Register, seq: number): Promise<void> {
  const absolute = join(register.dir, RECEIPTS_DIR, receiptFileName(seq));
  try {
    await unlink(absolute);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw new ShareCodeRegisterError('write_failed', `Could not delete ${absolute}.`, { cause: error });
  }
}

/** Deletes an evidence file, only once resolved inside the register (no `..`, no symbolic link). */
async function removeEvidence(register: Register, path: string, left: PruneReport['left']): Promise<void> {
  const resolved = await resolveInRegister(register, path);
  if (!resolved.ok) {
    left.push({ path, why: resolved.why });
    return;
  }
  if (!resolved.exists) return;
  try {
    await unlink(resolved.absolute);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw new ShareCodeRegisterError('write_failed', `Could not delete ${resolved.absolute}.`, {
      cause: error,
    });
  }
  // Drop the reference's folder once its last file is gone (never the evidence folder itself).
  const folder = dirname(resolved.absolute);
  if (folder !== join(register.dir, 'evidence') && (await readdir(folder)).length === 0) {
    await rmdir(folder).catch(() => undefined);
  }
}
