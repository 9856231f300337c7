import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { RTW_BIN, requireBuilt } from './run-rtw.js';

export interface ServedSandbox {
  baseUrl: string;
  child: ChildProcess;
  /** Stops it with Ctrl-C (SIGINT) and resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `rtw sandbox serve --port 0` and resolves once it printed its address. */
export async function serveSandbox(env: Record<string, string> = {}): Promise<ServedSandbox> {
  requireBuilt();
  const child = spawn(process.execPath, [RTW_BIN, 'sandbox', 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout?.setEncoding('utf8');
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A hang guard, not a speed test: a Node start took over 10 s at a load average of 28 (seen).
    const timer = setTimeout(() => reject(new Error('rtw sandbox serve did not start in 50 s')), 50_000);
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`rtw sandbox serve exited with ${code}`)));
  });
  return {
    baseUrl,
    child,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGINT');
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

export const TEST_KEY = 'rtw_test_0123456789abcdefghij00000000000000000000';

/** Queues a check straight over HTTP (no rtw process), as any client of the served sandbox would. */
export async function queueOverHttp(
  baseUrl: string,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; id: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const record = (await response.json()) as { id?: string };
  return { status: response.status, id: record.id ?? '' };
}
