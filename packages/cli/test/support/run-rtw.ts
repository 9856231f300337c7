import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../../src/context.js';
import { main } from '../../src/main.js';

/** The built CLI: the tests run exactly what users install. */
export const RTW_BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** Fails with what to do when the CLI (or a package it needs) has not been built. */
export function requireBuilt(): void {
  if (!existsSync(RTW_BIN)) {
    throw new Error(
      'packages/cli/dist/bin.js is missing: run npm run build (it builds sdk, core, sandbox and cli) before these tests.',
    );
  }
}

export interface RtwRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RtwOptions {
  cwd?: string;
  /** Added to a clean environment (no RTW_*, NO_COLOR, FORCE_COLOR or CI from the test runner). */
  env?: Record<string, string>;
  /** Written to stdin, which is then closed. */
  input?: string | Uint8Array;
  timeoutMs?: number;
  /**
   * Run the built CLI as a child process (what users install) rather than `main(argv, io)` in this
   * process. Implied by `cwd`, which a worker thread cannot change.
   */
  spawn?: boolean;
}

const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT', 'LANG'];

function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/**
 * Runs `rtw ...args` and collects what it printed. In process through `main(argv, io)` (milliseconds
 * instead of a Node start per run), with the same clean environment and piped (non-TTY) streams as a
 * child would have; a child process when `spawn` or `cwd` is given.
 */
export function rtw(args: readonly string[], options: RtwOptions = {}): Promise<RtwRun> {
  if (options.spawn || options.cwd !== undefined) return rtwSpawned(args, options);
  return rtwInProcess(args, options);
}

// `--sandbox` runs install the MSW sandbox's request interception in the process, which would catch
// another run's requests: in-process runs of one test worker take turns.
let turn: Promise<unknown> = Promise.resolve();

function rtwInProcess(args: readonly string[], options: RtwOptions): Promise<RtwRun> {
  const run = turn.then(() => runMain(args, options));
  turn = run.catch(() => {});
  return run;
}

async function runMain(args: readonly string[], options: RtwOptions): Promise<RtwRun> {
  let stdout = '';
  let stderr = '';
  const input = options.input;
  const io: CliIo = {
    stdout: {
      write(chunk: string) {
        stdout += chunk;
        return true;
      },
      isTTY: false,
    },
    stderr: {
      write(chunk: string) {
        stderr += chunk;
        return true;
      },
      isTTY: false,
    },
    stdin: {
      isTTY: false,
      async *[Symbol.asyncIterator]() {
        if (input !== undefined && input.length > 0) yield input;
      },
    },
    env: cleanEnv(options.env ?? {}),
    onInterrupt: () => () => {},
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? 30_000);
  });
  try {
    const code = await Promise.race([main(['node', 'rtw', ...args], io), timedOut]);
    if (code === 'timeout') return { code: null, signal: 'SIGKILL', stdout, stderr };
    return { code, signal: null, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `node dist/bin.js ...args` as a child process and collects what it printed. */
export function rtwSpawned(args: readonly string[], options: RtwOptions = {}): Promise<RtwRun> {
  requireBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RTW_BIN, ...args], {
      cwd: options.cwd,
      env: cleanEnv(options.env ?? {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Parses stdout as exactly one JSON document (and fails the test when it is anything else). */
export function stdoutJson<T = Record<string, unknown>>(run: RtwRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not one JSON document:\n${run.stdout}\n--- stderr:\n${run.stderr}`);
  }
}
