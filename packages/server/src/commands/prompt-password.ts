import { fail, type Outcome, ok } from '@sharecode/core';

/** Reads one line from a terminal without showing it; null when the person presses Ctrl-C or Ctrl-D. */
function readHidden(
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
  prompt: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    let typed = '';
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
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(typed);
        if (char === '\u0003' || (char === '\u0004' && typed === '')) return finish(null);
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
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
