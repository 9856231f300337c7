import { afterAll, beforeAll } from 'vitest';
import {
  type ScenarioLiveRunnerTestDouble,
  scenarioLiveRunnerTestDouble,
} from './live-runner-test-double.mjs';
import { type Backend, startTestServer, type TestServer } from './test-server.js';

/** One server per backend for a whole test file; suites read it once `beforeAll` has run. */
export interface SuiteContext {
  readonly backend: Backend;
  readonly server: TestServer;
  /** TEST DOUBLE wired as the live runner (the portal driver is a later issue). */
  readonly liveRunner: ScenarioLiveRunnerTestDouble;
}

export function useTestServer(backend: Backend): SuiteContext {
  let server: TestServer | undefined;
  const liveRunner = scenarioLiveRunnerTestDouble();
  beforeAll(async () => {
    server = await startTestServer(backend, { liveRunner });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    backend,
    liveRunner,
    get server() {
      if (!server) throw new Error('the test server is not started yet');
      return server;
    },
  };
}
