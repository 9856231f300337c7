import { methodNotAllowed, unknownRoute } from '@sharecode/core';
import type { FastifyInstance } from 'fastify';
import { sendError } from './send-error.js';

/**
 * No route for this method and path: core's route errors (400 INVALID_INPUT, as in the sandbox). A known
 * path asked with the wrong method also gets an `Allow` header and a message naming the right method.
 */
export function registerNotFound(
  app: FastifyInstance,
  allowedMethods: ReadonlyMap<string, readonly string[]>,
): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
    const allowed = allowedMethods.get(path);
    if (allowed) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, methodNotAllowed(request.method, allowed));
    }
    return sendError(reply, unknownRoute(request.method));
  });
}
