// Transcripts in a README: fenced blocks (no language) of `$ command` lines, each followed by what it
// printed (stdout and stderr interleaved) and `[exit N]`.

export interface TranscriptStep {
  command: string;
  /** What the README shows the command printing, without trailing blank lines. */
  expected: string[];
  /** The `[exit N]` after it; undefined for a command left running (`... &`). */
  exit: number | undefined;
  /** The README's line number of the command, for failure messages. */
  readmeLine: number;
}

/** Every transcript step of a Markdown text, in order. */
export function transcriptSteps(markdown: string): TranscriptStep[] {
  const steps: TranscriptStep[] = [];
  let inFence = false;
  let transcript = false;
  let current: TranscriptStep | undefined;
  const close = () => {
    if (current) {
      while (current.expected.at(-1) === '') current.expected.pop();
      steps.push(current);
    }
    current = undefined;
  };
  for (const [index, line] of markdown.split('\n').entries()) {
    if (line.startsWith('```')) {
      if (inFence) close();
      inFence = !inFence;
      transcript = inFence && line === '```';
      continue;
    }
    if (!inFence || !transcript) continue;
    if (line.startsWith('$ ')) {
      close();
      current = { command: line.slice(2), expected: [], exit: undefined, readmeLine: index + 1 };
      continue;
    }
    const exit = /^\[exit (\d+)\]$/.exec(line);
    if (exit && current) current.exit = Number(exit[1]);
    else current?.expected.push(line);
  }
  return steps;
}

// What differs from run to run: ids, times, dates relative to today, signatures, ports.
const VOLATILE: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(chk|evt|req|creq)_[A-Za-z0-9]{16,}/g, '$1_<id>'],
  // A check request's link: its token is random.
  [/\/r\/[A-Za-z0-9]{32}\b/g, '/r/<token>'],
  // A batch's own id, and the Idempotency-Keys derived from it, are random per batch.
  [/\bbat_[0-9a-f]{16,}/g, 'bat_<id>'],
  [/\brtw-batch-[0-9a-f]{16,}/g, 'rtw-batch-<key>'],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>'],
  // Times shown to people: UK time with the zone (the date part is a <date> below).
  [/\b\d{2}:\d{2}:\d{2} (GMT|BST)\b/g, '<clock>'],
  // A batch row's fingerprint is keyed with the batch's random id.
  [/"input":"[0-9a-f]{32}"/g, '"input":"<input>"'],
  [/\b(?!1990-)\d{4}-\d{2}-\d{2}\b/g, '<date>'],
  [
    /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g,
    '<day>',
  ],
  [/webhook-timestamp: \d+/g, 'webhook-timestamp: <seconds>'],
  [/v1,[A-Za-z0-9+/]+=*/g, 'v1,<signature>'],
  [/sent \d+ s ago/g, 'sent <n> s ago'],
  [/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>'],
];

export function normalised(text: string): string {
  let out = text;
  for (const [pattern, replacement] of VOLATILE) out = out.replace(pattern, replacement);
  return out;
}

/** The `rtw ...` command lines of the `sh` blocks (the examples shown without their output). */
export function shellExamples(markdown: string): string[] {
  const commands: string[] = [];
  let inSh = false;
  let pending = '';
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      inSh = !inSh && line === '```sh';
      continue;
    }
    if (!inSh) continue;
    const text = `${pending}${line.replace(/\s+#.*$/, '')}`;
    if (text.endsWith('\\')) {
      pending = `${text.slice(0, -1)} `;
      continue;
    }
    pending = '';
    if (text.trim().startsWith('rtw ')) commands.push(text.trim());
  }
  return commands;
}
