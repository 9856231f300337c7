import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { RTW_BIN, requireBuilt } from './run-rtw.js';

/**
 * `rtw` in a pseudo-terminal, as a person runs it: util-linux `script` gives it a real terminal on
 * stdin, stdout and stderr (so prompts, raw mode and Ctrl-C behave as they do for a user), and relays
 * what the test types. No native module needed (node-pty would need an install script).
 */
export interface TerminalRun {
  /** Everything the terminal showed so far, escape sequences removed. */
  readonly screen: string;
  /** Resolves once the screen shows `text`; fails with the screen after `timeoutMs`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Types on the keyboard: `\r` is Enter, `\x03` is Ctrl-C, `\x04` is Ctrl-D. */
  type(keys: string): void;
  /** The exit code of rtw (script passes it on with -e). */
  exit: Promise<number | null>;
  child: ChildProcess;
}

const SCRIPT = '/usr/bin/script';

/** Fails with what to install when util-linux's `script` is missing. */
export function requireScript(): void {
  try {
    execFileSync(SCRIPT, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'These tests drive rtw in a pseudo-terminal with util-linux `script`: install util-linux.',
    );
  }
}

const quote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are removed.
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\r/g;

export function inTerminal(args: readonly string[], env: Record<string, string> = {}): TerminalRun {
  requireBuilt();
  requireScript();
  const command = [process.execPath, RTW_BIN, ...args].map(quote).join(' ');
  const child = spawn(SCRIPT, ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm', NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  const listeners = new Set<() => void>();
  const grew = (chunk: Buffer): void => {
    raw += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', grew);
  child.stderr?.on('data', grew);
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const run: TerminalRun = {
    get screen() {
      return raw.replace(ESCAPES, '');
    },
    waitFor(text, timeoutMs = 20_000) {
      const seen = () => (typeof text === 'string' ? run.screen.includes(text) : text.test(run.screen));
      return new Promise((resolve, reject) => {
        const done = () => {
          if (!seen()) return;
          clearTimeout(timer);
          listeners.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(done);
          reject(new Error(`The terminal never showed ${String(text)}. It shows:\n${run.screen}`));
        }, timeoutMs);
        listeners.add(done);
        done();
      });
    },
    type(keys) {
      child.stdin?.write(keys);
    },
    exit,
    child,
  };
  return run;
}
