import type { CliIo } from '../../src/context.js';
import { main } from '../../src/main.js';

export interface MainRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The questions asked, with `answers`. */
  asked: string[];
}

/**
 * Runs `rtw ...args` in this process through main(argv, io), with a clean environment plus `env`:
 * no build needed, and the sandbox answers in-process. `interrupt` receives a command's first-Ctrl-C
 * handler when it registers one (a batch): calling it is what bin.ts does on the first SIGINT. With
 * `answers`, stdin and stderr are a terminal, and each question asked is answered with the next one
 * (or by the function, which may look at what is on disk when the question comes, and is given the
 * question's abort signal: Ctrl-C taken by the command ends the question through it).
 */
export async function runMain(
  args: readonly string[],
  env: Record<string, string> = {},
  interrupt?: (press: () => void) => void,
  answers?: string[] | ((question: string, signal?: AbortSignal) => Promise<string | undefined>),
  /** The day the command believes it is (what depends on the real day: prune's --today). */
  now?: Date,
): Promise<MainRun> {
  let stdout = '';
  let stderr = '';
  const asked: string[] = [];
  const terminal = answers !== undefined;
  const io: CliIo = {
    stdout: {
      write: (chunk: string) => {
        stdout += chunk;
        return true;
      },
      isTTY: false,
    },
    stderr: {
      write: (chunk: string) => {
        stderr += chunk;
        return true;
      },
      isTTY: terminal,
    },
    stdin: { isTTY: terminal, async *[Symbol.asyncIterator]() {} },
    env: { RTW_SANDBOX_FAST: '1', ...env },
    prompt: async (question, options) => {
      asked.push(question);
      return typeof answers === 'function' ? answers(question, options?.signal) : answers?.shift();
    },
    onInterrupt: () => () => {},
    deferInterrupt: (handler) => {
      interrupt?.(handler);
      return () => {};
    },
    now: now === undefined ? undefined : () => now,
  };
  const code = await main(['node', 'rtw', ...args], io);
  return { code, stdout, stderr, asked };
}

/** stdout as one JSON document, or a failure showing what was printed. */
export function json<T = Record<string, unknown>>(run: MainRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not one JSON document:\n${run.stdout}\n--- stderr:\n${run.stderr}`);
  }
}
