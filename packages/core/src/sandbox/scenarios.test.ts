import { describe, expect, it } from 'vitest';
import { CHECK_KINDS } from '../check-kind.js';
import { retryDecision } from '../retry-policy.js';
import { findSandboxScenario, SANDBOX_SCENARIOS, sandboxShareCode, scenarioAnswer } from './scenarios.js';

describe('SANDBOX_SCENARIOS', () => {
  it('lists the eleven codes of the issue', () => {
    expect(SANDBOX_SCENARIOS.map((s) => s.suffix)).toEqual([
      'ACPT0001',
      'ACPT0002',
      'NOEX0001',
      'REJT0001',
      'NFND0001',
      'TIME0001',
      'BUSY0001',
      'UPEX0001',
      'FAIL0001',
      'RTRY0001',
      'RTRY0002',
    ]);
  });

  it('makes valid share codes', () => {
    for (const scenario of SANDBOX_SCENARIOS) {
      for (const kind of scenario.kinds)
        expect(sandboxShareCode(kind, scenario.suffix)).toMatch(/^[WRS][A-Z0-9]{8}$/);
    }
  });

  it('answers synchronously what the first asynchronous attempt answers', () => {
    for (const scenario of SANDBOX_SCENARIOS) expect(scenario.sync).toEqual(scenario.attempts[0]);
  });

  it('lists exactly the attempts the retry policy makes', () => {
    for (const scenario of SANDBOX_SCENARIOS) {
      scenario.attempts.forEach((answer, index) => {
        const attempt = index + 1;
        const last = attempt === scenario.attempts.length;
        if (answer.type === 'result') {
          expect(last).toBe(true);
        } else {
          expect(retryDecision(answer.code, attempt).retry).toBe(!last);
        }
      });
    }
  });

  it('finds a code only on its own kind', () => {
    expect(findSandboxScenario('right_to_work', 'WACPT0001')?.suffix).toBe('ACPT0001');
    expect(findSandboxScenario('right_to_rent', 'WACPT0001')).toBeUndefined();
    expect(findSandboxScenario('immigration_status', 'SREJT0001')).toBeUndefined();
    expect(findSandboxScenario('right_to_rent', 'RREJT0001')?.suffix).toBe('REJT0001');
    expect(findSandboxScenario('right_to_work', 'WZZZZ9999')).toBeUndefined();
    for (const kind of CHECK_KINDS)
      expect(findSandboxScenario(kind, sandboxShareCode(kind, 'RTRY0002'))).toBeDefined();
  });

  it('repeats the last answer past the list', () => {
    const busy = SANDBOX_SCENARIOS.find((s) => s.suffix === 'BUSY0001');
    if (!busy) throw new Error('missing');
    expect(scenarioAnswer(busy, 9)).toEqual({ type: 'error', code: 'BUSY' });
    expect(scenarioAnswer(busy, 0)).toEqual({ type: 'error', code: 'BUSY' });
  });
});
