/**
 * Swagger UI's files that /docs serves, copied at build time from the swagger-ui-dist devDependency
 * into this package's own `dist/swagger-ui/` (tsup.config.ts), with its licence and notices: an
 * operator's install carries no swagger-ui-dist and so no `@scarf/scarf` install script (issue 36).
 */
export const SWAGGER_UI_DIR = 'swagger-ui';

/** Served under /docs/assets/ (the licence text is what the bundle's first line points to). */
export const SWAGGER_UI_SERVED = [
  'swagger-ui-bundle.js',
  'swagger-ui.css',
  'swagger-ui-bundle.js.LICENSE.txt',
] as const;

/** Shipped beside them, not served: Apache-2.0 asks for the licence and NOTICE with a redistribution. */
export const SWAGGER_UI_NOTICES = ['LICENSE', 'NOTICE'] as const;
