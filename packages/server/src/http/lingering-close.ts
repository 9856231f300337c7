import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection answered early keeps reading what its client still sends. */
export const LINGER_MS = 3_000;

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
      lingerOnClose(message.socket, message);
    }
    return payload;
  });
}

/**
 * Replaces the socket's `destroySoon` (Node's close after the last answer) with a lingering one:
 * half-close after the answer, let Node's parser read and discard the rest of the body, and close
 * once it has all come, the client has gone, or the time is up.
 */
function lingerOnClose(socket: Socket, message: IncomingMessage): void {
  const lingering = socket as Socket & { destroySoon?: () => void };
  lingering.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    const done = () => socket.destroy();
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    if (message.complete) return done();
    // Node's parser reads on (it may read the socket below JavaScript) and discards the body.
    message.once('end', done);
    message.once('close', () => {
      if (message.complete) done();
    });
    message.resume();
  };
}
