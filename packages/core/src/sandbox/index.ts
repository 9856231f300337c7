// `@sharecode/core/sandbox`: the test share codes and what a test key answers for them.
export type { PermissionTerm, PortraitPalette, SandboxPerson } from './people.js';
export { SANDBOX_PEOPLE } from './people.js';
export type { SandboxContext } from './run-sandbox-check.js';
export { runSandboxCheck, SANDBOX_BUSY_RETRY_AFTER_SECONDS } from './run-sandbox-check.js';
export type { SandboxScenario, ScenarioAnswer } from './scenarios.js';
export { SANDBOX_DATE_OF_BIRTH, SANDBOX_SCENARIOS, sandboxShareCode } from './scenarios.js';
export { SANDBOX_TEST_CHECK_ID, sandboxTestEventRecord } from './test-event.js';
