import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection answered early keeps reading what its client still sends. */
export const LINGER_MS = 3_000;
/** ... and at most this much: a client that never stops sending is cut off anyway. */
export const LINGER_MAX_BYTES = 32 * 1024 * 1024;

/**
 * An answer sent before the request's body was read (413 for a body over the limit, 415 for the
 * wrong type) would close the connection while the client is still sending: the unread bytes make
 * the kernel reset the connection, and a client that sends its whole request before reading (most
 * do) loses the answer with it. So such an answer closes the connection the lingering way
 * (Apache's `lingering_close`): stop handling the request, send the answer with `Connection: close`,
 * half-close, and keep reading and discarding for a short time before closing for good.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const message = request.raw;
    if (!message.complete && !message.readableEnded) {
      reply.header('connection', 'close');
      lingerOnClose(message.socket);
    }
    return payload;
  });
}

/** Replaces the socket's `destroySoon` (Node's close after the last answer) with a lingering one. */
function lingerOnClose(socket: Socket): void {
  const lingering = socket as Socket & { destroySoon?: () => void };
  lingering.destroySoon = () => {
    let read = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_MAX_BYTES) socket.destroy();
    });
    // The client closed its side: nothing more will come.
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    socket.resume();
  };
}
