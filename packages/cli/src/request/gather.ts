import type { CheckKind, Outcome } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import { maskShareCode } from '../batch/mask.js';
import type { CliIo } from '../context.js';
import type { Output } from '../output/output.js';
import type { Failure } from '../render/failure.js';
import { bodyFromOptions, type FieldSpec, fieldSpec, flagOfField } from './fields.js';
import { rememberPrompted } from './prompted.js';
import { judgeRequest, type Problem, problemInWords, problemsFailure } from './validate.js';

// A value asked for more often than this is reported instead: the user may not have it to hand.
const MAX_ASKS_PER_FIELD = 3;

const STDIN_HINT =
  'On a terminal, rtw asks for what is missing; --share-code - reads the share code from standard input.';

/** Whether missing values may be asked for: a person at a terminal, on both ends. */
export function canPrompt(io: CliIo): boolean {
  return io.prompt !== undefined && io.stdin.isTTY === true && io.stderr.isTTY === true;
}

/** The first line of piped standard input, for `--share-code -`. */
async function firstLineOfStdin(io: CliIo): Promise<string | undefined> {
  let text = '';
  for await (const chunk of io.stdin) {
    text += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
    if (text.includes('\n')) break;
  }
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line?.trim();
}

/** What the user typed that core's tidying changed, printed back normalised (the share code masked). */
function readBack(typed: Record<string, string>, validated: ValidatedRequest): string | undefined {
  const sent = validated.request as unknown as Record<string, unknown>;
  const changed: string[] = [];
  for (const [wire, value] of Object.entries(typed)) {
    const now = sent[wire];
    if (typeof now !== 'string' || now === value) continue;
    changed.push(`${flagOfField(wire)} ${wire === 'share_code' ? maskShareCode(now) : now}`);
  }
  return changed.length === 0 ? undefined : `Read as: ${changed.join(', ')}`;
}

/**
 * The request from the flags: `--share-code -` read from standard input; on a terminal, each missing
 * or refused value asked for; otherwise every problem reported at once, in one message.
 */
export async function gatherRequest(
  out: Output,
  options: Readonly<Record<string, unknown>>,
  kind: CheckKind,
  fields: readonly FieldSpec[],
  async: boolean,
  otherProblems: readonly Problem[] = [],
): Promise<Outcome<ValidatedRequest, Failure>> {
  const { io } = out;
  const typed = bodyFromOptions(options, fields);
  const interactive = canPrompt(io);
  const fromStdin: Problem[] = [];
  if (typed.share_code?.trim() === '-') {
    delete typed.share_code;
    if (!interactive) {
      const line = io.stdin.isTTY ? undefined : await firstLineOfStdin(io);
      if (line === undefined)
        fromStdin.push('--share-code - reads the share code from standard input, which was empty');
      else typed.share_code = line;
    }
  }
  const asked = new Map<string, number>();
  for (;;) {
    const judged = judgeRequest(kind, typed, async);
    if (judged.ok && otherProblems.length === 0 && fromStdin.length === 0) {
      const note = readBack(typed, judged.value);
      if (note) out.notice(note);
      return judged;
    }
    const problems = judged.ok ? [] : judged.error;
    const next = interactive
      ? problems.find((problem) => {
          const spec = problem.field === undefined ? undefined : fieldSpec(problem.field);
          // A value that is not wanted here ("... remove it") is not asked for again.
          return (
            spec !== undefined &&
            fields.includes(spec) &&
            !/\bremove\b/.test(problem.message) &&
            (asked.get(spec.wire) ?? 0) < MAX_ASKS_PER_FIELD
          );
        })
      : undefined;
    const spec = next?.field === undefined ? undefined : fieldSpec(next.field);
    if (next === undefined || spec === undefined || io.prompt === undefined) {
      const words = problems.map((problem) => problemInWords(problem, typed, flagOfField));
      const all = [...fromStdin, ...words, ...otherProblems];
      // The share code and date of birth are the values best kept off the command line.
      const personal = problems.some(
        (problem) =>
          (problem.field === 'share_code' || problem.field === 'date_of_birth') &&
          (typed[problem.field] ?? '').trim() === '',
      );
      const hints = interactive || !personal ? [] : [STDIN_HINT];
      return { ok: false, error: problemsFailure(all, hints) };
    }
    // A value that was given and refused: say why before asking again.
    if ((typed[spec.wire] ?? '').trim() !== '') out.error(problemInWords(next, typed, flagOfField));
    asked.set(spec.wire, (asked.get(spec.wire) ?? 0) + 1);
    const answer = await io.prompt(`${spec.label}: `);
    if (answer === undefined) {
      asked.set(spec.wire, MAX_ASKS_PER_FIELD);
      continue;
    }
    typed[spec.wire] = answer;
    rememberPrompted(options, spec.wire, answer);
  }
}
