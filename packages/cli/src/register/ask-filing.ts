import {
  type CheckReceipt,
  LIKENESS_HOWS,
  type LikenessHow,
  matchPerson,
  type Register,
  readReceipts,
} from '@sharecode/register';
import type { CheckResult } from '@sharecode/sdk';
import type { CliIo } from '../context.js';
import { notACandidate, pickCandidate } from './pick-candidate.js';

const MAX_ASKS = 3;

const KIND_OF_TITLE = {
  'Right to work': 'right_to_work',
  'Right to rent': 'right_to_rent',
  'Immigration status': 'immigration_status',
} as const;

/** A question's answer, or undefined when `signal` ended it (the prompt rejects then). */
function endedBy(
  signal: AbortSignal | undefined,
  answer: Promise<string | undefined>,
): Promise<string | undefined> {
  return answer.catch((error: unknown) => {
    if (signal?.aborted) return undefined;
    throw error;
  });
}

/** Reads "in-person", "in person", "i", "video", "v" (any case); undefined for anything else. */
export function likenessAnswer(text: string): LikenessHow | 'later' | undefined {
  const word = text.trim().toLowerCase().replace(/\s+/g, '-');
  if (word === '' || word === 'later' || word === 'no' || word === 'n') return 'later';
  if (word === 'i' || word === 'in-person' || word === 'person') return 'in-person';
  if (word === 'v' || word === 'video') return 'video';
  return (LIKENESS_HOWS as readonly string[]).includes(word) ? (word as LikenessHow) : undefined;
}

/**
 * At a terminal after a check: how the photo on the profile was compared with the person, the part
 * of the statutory excuse only the employer can record. Enter (or "later") records nothing now, and
 * so does `signal` aborting (Ctrl-C taken by the caller).
 */
export async function askLikeness(io: CliIo, signal?: AbortSignal): Promise<LikenessHow | undefined> {
  if (io.prompt === undefined) return undefined;
  io.stderr.write(
    'Likeness: compare the photo on the profile with the person, in their presence or on a live video call.\n',
  );
  for (let asked = 0; asked < MAX_ASKS; asked++) {
    const typed = await endedBy(
      signal,
      io.prompt('How did you see them? in-person, video, or Enter for later: ', { signal }),
    );
    if (typed === undefined) return undefined;
    const answer = likenessAnswer(typed);
    if (answer === 'later') return undefined;
    if (answer !== undefined) return answer;
    io.stderr.write(
      `"${typed.trim()}" is not one of in-person, video: type one, or press Enter for later.\n`,
    );
  }
  return undefined;
}

/**
 * After "How did you see them?", when no one is named (--checked-by, RTW_CHECKED_BY): who compared the
 * photo, as the record should show it. Enter records nothing now.
 */
export async function askComparedBy(io: CliIo, signal?: AbortSignal): Promise<string | undefined> {
  if (io.prompt === undefined) return undefined;
  const typed = await endedBy(
    signal,
    io.prompt('Your name, as the record should show who compared the photo (RTW_CHECKED_BY saves asking): ', {
      signal,
    }),
  );
  return typed?.trim() || undefined;
}

/**
 * At a terminal, before filing: when the check may be about someone already in the register (the
 * same name, not matched for sure), asks whether it is; never files a second entry unasked. When
 * `signal` aborts (Ctrl-C), the question ends as Enter would: a new entry.
 */
export async function askPerson(
  io: CliIo,
  register: Register,
  result: CheckResult,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (io.prompt === undefined) return undefined;
  const checks = (await readReceipts(register))
    .map((stored) => stored.receipt)
    .filter((receipt): receipt is CheckReceipt => receipt.type === 'check');
  const match = matchPerson(register.key, checks, KIND_OF_TITLE[result.title], result);
  const candidates = match.person === undefined ? match.candidates.filter((id) => id !== result.name) : [];
  if (candidates.length === 0) return undefined;
  io.stderr.write(`This check may be about someone already in the register: ${candidates.join(', ')}.\n`);
  for (let asked = 0; asked < MAX_ASKS; asked++) {
    const typed = await endedBy(
      signal,
      io.prompt('Type their id to file it under them, or Enter for a new entry: ', { signal }),
    );
    if (typed === undefined || typed.trim() === '') return undefined;
    const picked = pickCandidate(typed.trim(), candidates);
    if (picked.ok) return picked.person;
    io.stderr.write(`${notACandidate(typed.trim(), candidates, picked.several)}\n`);
  }
  return undefined;
}

/**
 * Asks with the first Ctrl-C taken here: the check has run and may have been paid for, so Ctrl-C
 * ends the question as Enter would, and what follows (filing, the likeness line) still happens
 * (`interrupted`). Without a command's own Ctrl-C (a test's terminal), it is asked as it is.
 */
export async function withCtrlCAsEnter<T>(
  io: CliIo,
  ask: (signal: AbortSignal) => Promise<T>,
): Promise<{ answer: T; interrupted: boolean }> {
  const controller = new AbortController();
  const release = io.deferInterrupt?.(() => controller.abort());
  try {
    const answer = await ask(controller.signal);
    return { answer, interrupted: controller.signal.aborted };
  } finally {
    release?.();
  }
}
