// The `server=rtw-server` of a doc-test marker: the built `rtw-server`, as its README starts it, in
// test mode (RTW_PORTAL_DRIVER=off: test keys never use the browser) on a free port with a data folder
// of its own, with one test key. Started once for the whole docs test (the first
// document that names it starts it; test keys are unmetered, so documents can share one) and stopped
// at the end. A child process, not this one: the test runner would otherwise transform the server's
// whole build before the first document could run.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface DocServer {
  url: string;
  key: string;
  close: () => Promise<void>;
}

let started: Promise<DocServer> | undefined;

/** The run's server, started by the first caller. */
export function docServer(root: string, work: string): Promise<DocServer> {
  started ??= startDocServer(root, work);
  return started;
}

/** Stops the run's server, if one was started. */
export async function stopDocServer(): Promise<void> {
  await (await started?.catch(() => undefined))?.close();
}

async function startDocServer(root: string, work: string): Promise<DocServer> {
  const bin = join(root, 'packages', 'server', 'bin', 'rtw-server.js');
  const dataDir = mkdtempSync(join(work, 'rtw-data-'));
  const env = { PATH: process.env.PATH ?? '', HOME: dataDir, RTW_PORTAL_DRIVER: 'off', NO_COLOR: '1' };
  // A sandbox key of no account (`keys create --anonymous`): one command instead of two. The examples
  // run and poll checks with it; none of them sets a callback URL, which such a key may not.
  const args = ['keys', 'create', '--mode', 'test', '--anonymous', '--data-dir', dataDir];
  const key = (await exec(process.execPath, [bin, ...args], { env, timeout: 300_000 })).stdout.trim();
  const port = await freePort();
  const child = spawn(process.execPath, [bin, 'start', '--port', String(port), '--data-dir', dataDir], {
    env,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await ready(url, child);
  return { url, key, close: () => stop(child) };
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  // Condition-based, with a generous limit: a loaded machine starts it in tens of seconds.
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`rtw-server exited with code ${child.exitCode} at start`);
    const status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('rtw-server was not ready within 300 s');
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  const listener = createServer();
  return new Promise((resolve) =>
    listener.listen(0, '127.0.0.1', () => {
      const { port } = listener.address() as AddressInfo;
      listener.close(() => resolve(port));
    }),
  );
}
