import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(PACKAGE_DIR, 'dist', 'bin.js');
const SERVER_PROCESS = fileURLToPath(new URL('./server-process.mjs', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Child processes run the built server: build it when dist is missing or older than src. */
export function ensureServerBuilt(): void {
  const core = fileURLToPath(new URL('../../../core/dist/index.js', import.meta.url));
  if (!existsSync(core)) throw new Error('Build @sharecode/core first: npm run build -w @sharecode/core');
  const index = join(PACKAGE_DIR, 'dist', 'index.js');
  if (
    existsSync(index) &&
    existsSync(BIN) &&
    statSync(index).mtimeMs >= newestMtime(join(PACKAGE_DIR, 'src'))
  )
    return;
  execFileSync('npm', ['run', 'build', '-w', '@sharecode/server'], {
    cwd: join(PACKAGE_DIR, '..', '..'),
    stdio: 'ignore',
  });
}

/** Runs `rtw-server <args>` (the built bin); returns its exit code and output. */
export function runBin(
  args: string[],
  env: Record<string, string>,
): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { code: failed.status ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER_PROCESS], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server process did not start: ${stderr}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        const { url } = JSON.parse(line) as { url: string };
        resolve({
          url,
          child,
          exited,
          stop() {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}: ${stderr}`));
    });
  });
}
