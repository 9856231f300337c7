import { createInterface } from 'node:readline/promises';

/**
 * Asks one question on the terminal (stderr, so stdout stays data) and resolves with the line typed,
 * or undefined at end of input (Ctrl-D). Ctrl-C while asking is Ctrl-C: the process's SIGINT handler
 * runs, as it does everywhere else. `signal` ends the question (rejecting with its reason): a command
 * that takes the first Ctrl-C itself aborts it there.
 */
export async function terminalPrompt(
  question: string,
  options: { signal?: AbortSignal } = {},
): Promise<string | undefined> {
  const reader = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // readline takes the terminal's Ctrl-C for itself; hand it on to the process.
  reader.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  const ended = new Promise<undefined>((resolve) => reader.once('close', () => resolve(undefined)));
  try {
    return await Promise.race([reader.question(question, { signal: options.signal }), ended]);
  } finally {
    reader.close();
  }
}
