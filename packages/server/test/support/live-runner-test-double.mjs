// TEST DOUBLE, not a portal driver: answers live checks from core's sandbox scenarios so tests can run
// live keys through the real gate (quota, charge, copies). The real driver is a later issue.
import { runSandboxCheck } from '@sharecode/core/sandbox';

export function scenarioLiveRunnerTestDouble(options = {}) {
  const delayMs = options.delayMs ?? 0;
  const double = {
    calls: [],
    beforeAnswer: null,
    async run(request, context) {
      double.calls.push({ request, context });
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (double.beforeAnswer) await double.beforeAnswer();
      return runSandboxCheck(request, { attempt: context.attempt, now: context.now });
    },
  };
  return double;
}
