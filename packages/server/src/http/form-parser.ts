import type { FastifyInstance } from 'fastify';

/** A page's form is a few fields: anything larger is refused before it is read. */
export const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Reads application/x-www-form-urlencoded bodies into a flat object of strings (the last value of a
 * repeated name wins), in `scope` only: the API itself takes JSON and nothing else.
 */
export function registerFormParser(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );
}
