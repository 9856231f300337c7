import type { FastifyInstance } from 'fastify';

/** `/healthz` and `/openapi.json`: no key needed. */
export function registerServiceRoutes(app: FastifyInstance, deps: { readonly openapiJson: string }): void {
  app.get('/healthz', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send({ status: 'ok' }),
  );
  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(deps.openapiJson),
  );
}
