import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
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
  rmSync(path, { force: true });
  // Created owner-only from the start: no moment where another user could connect.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    return fail(`the admin socket ${path} could not be opened: ${(error as Error).message}`);
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
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
  socket.on('data', (chunk: string) => {
    if (answered) return;
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) return answer(fail('The admin request is too long.'));
    const end = buffered.indexOf('\n');
    if (end < 0) return;
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
