import { connect } from 'node:net';
import { fail } from '@sharecode/core';
import type { AdminAnswer, AdminRequest } from './admin-socket-protocol.js';

export type SocketReply =
  /** No server listens there (no socket file, or a crashed server's): the caller works directly. */
  { readonly kind: 'no-server' } | { readonly kind: 'answer'; readonly answer: AdminAnswer };

/** Asks the server listening on `path`; a server that never answers is a failure after `timeoutMs`. */
export function askAdminSocket(
  path: string,
  request: AdminRequest,
  timeoutMs = 120_000,
): Promise<SocketReply> {
  return new Promise((resolve) => {
    let received = '';
    let settled = false;
    let connected = false;
    const done = (reply: SocketReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(reply);
    };
    const socket = connect(path);
    const timer = setTimeout(
      () => done({ kind: 'answer', answer: fail(`The running server did not answer on ${path} in time.`) }),
      timeoutMs,
    );
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => {
      try {
        const answer = JSON.parse(received.trim()) as AdminAnswer;
        done({ kind: 'answer', answer });
      } catch {
        done({ kind: 'answer', answer: fail(`The running server's answer on ${path} could not be read.`) });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) {
        return done({ kind: 'no-server' });
      }
      done({
        kind: 'answer',
        answer: fail(
          `Could not reach the running server through ${path} (${error.code ?? error.message}): ` +
            'run the command as the user the server runs as.',
        ),
      });
    });
  });
}
