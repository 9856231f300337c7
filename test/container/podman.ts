// The container test's podman and podman-compose, with this machine's settings (containers.conf)
// and nothing else of the caller's environment that could reach them.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CONTAINERS_CONF = fileURLToPath(new URL('./containers.conf', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end; never throws for its exit code. */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string; input?: string } = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      [...args],
      {
        cwd: options.cwd ?? ROOT,
        env: { ...process.env, CONTAINERS_CONF, ...options.env },
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: error && code !== 0 ? `${stderr}\n${error.message}` : stderr });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Runs a command and returns its standard output; throws with everything it said when it fails. */
export async function must(
  command: string,
  args: readonly string[],
  options: Parameters<typeof run>[2] = {},
): Promise<string> {
  const ran = await run(command, args, options);
  if (ran.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${ran.code}:\n${ran.stdout}\n${ran.stderr}`);
  }
  return ran.stdout;
}
