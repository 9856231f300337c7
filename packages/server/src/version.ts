import { createRequire } from 'node:module';

/**
 * This package's version, read from its package.json at run time: the sources (src/) and the built
 * files (dist/) both sit one folder below it.
 */
export const SERVER_VERSION: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version;
