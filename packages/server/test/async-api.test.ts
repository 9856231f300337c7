import { describe } from 'vitest';
import { asyncDataSuite } from './suites/async-data.js';
import { asyncGateSuite } from './suites/async-gate.js';
import { asyncLifecycleSuite } from './suites/async-lifecycle.js';
import { asyncLiveSuite } from './suites/async-live.js';
import { useAsyncTestServer } from './support/async-server.js';
import { BACKENDS } from './support/test-server.js';

// Asynchronous checks over real HTTP, once on the embedded PGlite and once on PostgreSQL. The test
// clock stands still unless a test moves it, so retries and retention run when the test says.
describe.each(BACKENDS)('asynchronous checks on %s', (backend) => {
  const ctx = useAsyncTestServer(backend);
  asyncLifecycleSuite(ctx);
  asyncGateSuite(ctx);
  asyncLiveSuite(ctx);
  asyncDataSuite(ctx);
});
