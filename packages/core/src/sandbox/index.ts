// `@sharecode/core/sandbox`: the test share codes and what a test key answers for them.
export { type PermissionTerm, type PortraitPalette, SANDBOX_PEOPLE, type SandboxPerson } from './people.js';
export {
  runSandboxCheck,
  SANDBOX_BUSY_RETRY_AFTER_SECONDS,
  SANDBOX_UPGRADE_URL,
  type SandboxContext,
} from './run-sandbox-check.js';
export {
  SANDBOX_DATE_OF_BIRTH,
  SANDBOX_SCENARIOS,
  type SandboxScenario,
  type ScenarioAnswer,
  sandboxShareCode,
} from './scenarios.js';
export { SANDBOX_TEST_CHECK_ID, sandboxTestEventRecord } from './test-event.js';
