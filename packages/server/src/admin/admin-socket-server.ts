import { chmodSync, lstatSync, rmSync, statSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import type { Logger } from 'pino';
import { safeError } from '../safe-error.js';
import type { AdminParams } from './admin-operations.js';
import { type AdminAnswer, MAX_REQUEST_BYTES, parseAdminRequest } from './admin-socket-protocol.js';

export interface AdminSocketServer {
  readonly path: string;
  /** Stops accepting; commands in progress finish first. Removes the socket file. */
  close(): Promise<void>;
}

export interface AdminSocketOptions {
  readonly path: string;
  /** This server's version: a command of another version is refused. */
  readonly version: string;
  readonly run: (command: string, params: AdminParams) => Promise<AdminAnswer>;
  readonly log: Logger;
  /**
   * How long a connection may stay open without sending its whole request (default 10 s): an idle
   * client is disconnected, so connections left open cannot pile up. A command being run is not timed.
   */
  readonly idleTimeoutMs?: number;
}

export const ADMIN_IDLE_TIMEOUT_MS = 10_000;

/** Why the socket cannot be made at `path`, before anything is listened on; null when it can. */
function socketPathProblem(path: string): string | null {
  // Only the owner may reach the socket: its folder must be closed to others (the data folder is
  // made 0700 at start), so no umask is needed while it is created, and none is changed.
  const folder = statSync(dirname(path));
  if ((folder.mode & 0o077) !== 0) {
    return `its folder ${dirname(path)} is open to other users (mode ${(folder.mode & 0o777).toString(8)}): make it 0700`;
  }
  let existing: import('node:fs').Stats;
  try {
    existing = lstatSync(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
  if (!existing.isSocket()) {
    return `${path} is a ${existing.isDirectory() ? 'folder' : 'file'}, not the socket a stopped server leaves: move it away`;
  }
  // A socket file already there is a crashed server's (the caller holds the data folder's lock).
  rmSync(path, { force: true });
  return null;
}

/**
 * Listens on the admin socket (admin-socket-protocol.ts). The caller holds the data folder's lock, so
 * a socket file already there is a crashed server's and is replaced. Logged: the command's name and
 * whether it succeeded, never its parameters (e-mail addresses, passwords).
 */
export async function listenAdminSocket(
  options: AdminSocketOptions,
): Promise<Outcome<AdminSocketServer, string>> {
  const { path, log } = options;
  const server = createServer((socket) => serve(socket, options));
  try {
    const problem = socketPathProblem(path);
    if (problem !== null) return fail(`the admin socket ${path} could not be opened: ${problem}`);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(path, 0o600);
  } catch (error) {
    server.close();
    return fail(`the admin socket ${path} could not be opened: ${(error as Error).message}`);
  }
  server.on('error', (error) => log.error({ err: safeError(error) }, 'admin socket failed'));
  let closed: Promise<void> | null = null;
  return ok({
    path,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      });
      return closed;
    },
  });
}

function serve(socket: Socket, options: AdminSocketOptions): void {
  let buffered = '';
  let answered = false;
  const answer = (value: AdminAnswer) => {
    if (answered) return;
    answered = true;
    socket.end(`${JSON.stringify(value)}\n`);
  };
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  // Until its request is read: a client that connects and says nothing is disconnected.
  socket.setTimeout(options.idleTimeoutMs ?? ADMIN_IDLE_TIMEOUT_MS, () => socket.destroy());
  socket.on('data', (chunk: string) => {
    if (answered) return;
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) return answer(fail('The admin request is too long.'));
    const end = buffered.indexOf('\n');
    if (end < 0) return;
    // The request is in: the command may take its time (a re-seal, a rotation).
    socket.setTimeout(0);
    const request = parseAdminRequest(buffered.slice(0, end));
    if (!request) return answer(fail('The admin request is not one this server reads.'));
    if (request.version !== options.version) {
      return answer(
        fail(
          `The running server is rtw-server ${options.version} and this command ${request.version}: ` +
            'run the command of the same version as the server.',
        ),
      );
    }
    void options.run(request.command, request.params).then(
      (outcome) => {
        options.log.info({ command: request.command, ok: outcome.ok }, 'admin command');
        answer(outcome);
      },
      (error: unknown) => {
        options.log.error({ err: safeError(error), command: request.command }, 'admin command failed');
        answer(fail('The command failed inside the server: see its log.'));
      },
    );
  });
}
