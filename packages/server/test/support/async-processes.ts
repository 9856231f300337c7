import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./async-server-process.mjs', import.meta.url));

export interface AsyncServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

/** Starts the built server in a child process (see async-server-process.mjs); resolves once it listens. */
export function startAsyncServerProcess(
  env: Record<string, string>,
  logFile: string,
): Promise<AsyncServerProcess> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, ...env, RTW_TEST_LOG_FILE: logFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server process did not start: ${stderr}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        resolve({ url: (JSON.parse(line) as { url: string }).url, child, logFile, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}: ${stderr}`));
    });
  });
}

export interface LoggedAttempt {
  readonly checkId: string;
  readonly attempt: number;
  readonly mode: string;
}

/** The attempts a server process started, from its log ("async check attempt started" lines). */
export function attemptsStarted(logFile: string): LoggedAttempt[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"async check attempt started"'))
    .map((line) => JSON.parse(line) as LoggedAttempt);
}

/** The checks a server process ended, from its log. */
export function checksEnded(logFile: string): string[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"async check ended"'))
    .map((line) => (JSON.parse(line) as { checkId: string }).checkId);
}
