import { fail, type Outcome, ok } from '@sharecode/core';

/** Where a line being typed stands: the text so far, and any escape sequence begun but not ended. */
export interface TypedLine {
  readonly text: string;
  /** 'esc' after ESC, 'csi' inside `ESC [ ...`, 'ss3' after `ESC O`; null outside a sequence. */
  readonly sequence: 'esc' | 'csi' | 'ss3' | null;
  /** 'enter', 'cancel' (Ctrl-C, or Ctrl-D on an empty line) once the line is over. */
  readonly done: 'enter' | 'cancel' | null;
}

export const EMPTY_LINE: TypedLine = { text: '', sequence: null, done: null };

/**
 * Applies what the terminal sent in raw mode. Keys that send escape sequences (arrows, Home, Delete,
 * F1...: `ESC [ A`, `ESC O P`, `ESC [ 3 ~`) are dropped whole, even when a sequence is split across
 * reads: they must never add `[A` to a password the person cannot see.
 */
export function typeKeys(line: TypedLine, chunk: string): TypedLine {
  let { text, sequence } = line;
  for (const char of chunk) {
    if (sequence === 'esc') {
      sequence = char === '[' ? 'csi' : char === 'O' ? 'ss3' : null;
      continue;
    }
    if (sequence === 'ss3') {
      sequence = null;
      continue;
    }
    if (sequence === 'csi') {
      // Parameters and intermediates (0x20-0x3F) go on; a final byte (0x40-0x7E) ends it.
      if (char >= '@' && char <= '~') sequence = null;
      continue;
    }
    if (char === '\u001b') sequence = 'esc';
    else if (char === '\r' || char === '\n') return { text, sequence: null, done: 'enter' };
    else if (char === '\u0003' || (char === '\u0004' && text === ''))
      return { text, sequence: null, done: 'cancel' };
    else if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
    else if (char >= ' ') text += char;
  }
  return { text, sequence, done: null };
}

/** Reads one line from a terminal without showing it; null when the person presses Ctrl-C or Ctrl-D. */
function readHidden(
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
  prompt: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    let line = EMPTY_LINE;
    output.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const finish = (value: string | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      resolve(value);
    };
    const onData = (chunk: string) => {
      line = typeKeys(line, chunk);
      if (line.done === 'enter') finish(line.text);
      else if (line.done === 'cancel') finish(null);
    };
    input.on('data', onData);
  });
}

/**
 * `accounts set-password` at a terminal: the password twice, never echoed (prompts on stderr, so
 * stdout keeps only the command's answer).
 */
export async function promptNewPassword(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<Outcome<string, string>> {
  const first = await readHidden(input, output, 'New dashboard password (at least 12 characters): ');
  if (first === null) return fail('cancelled: no password was set');
  const second = await readHidden(input, output, 'The same password again: ');
  if (second === null) return fail('cancelled: no password was set');
  if (first !== second) return fail('the two passwords differ: nothing was changed; run the command again');
  return ok(first);
}
