import { describe } from 'vitest';
import { dataAtRestSuite } from './suites/data-at-rest.js';
import { httpSurfaceSuite } from './suites/http-surface.js';
import { liveBillingSuite } from './suites/live-billing.js';
import { sandboxScenariosSuite } from './suites/sandbox-scenarios.js';
import { validationSuite } from './suites/validation.js';
import { useTestServer } from './support/context.js';
import { BACKENDS } from './support/test-server.js';

// The whole HTTP API over real HTTP, once on the embedded PGlite and once on PostgreSQL. One server
// per backend keeps the suite quick: every test makes its own accounts and keys.
describe.each(BACKENDS)('rtw-server on %s', (backend) => {
  const ctx = useTestServer(backend);
  httpSurfaceSuite(ctx);
  validationSuite(ctx);
  sandboxScenariosSuite(ctx);
  liveBillingSuite(ctx);
  dataAtRestSuite(ctx);
});
