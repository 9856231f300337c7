import { describe, expect, it } from 'vitest';
import { CHECK_KINDS } from '../check-kind.js';
import { retryDecision } from '../retry-policy.js';
import { validateCheckRequest } from '../validation/check-request.js';
import { runSandboxCheck, SANDBOX_UPGRADE_URL } from './run-sandbox-check.js';
import { findSandboxScenario, SANDBOX_SCENARIOS, sandboxShareCode, scenarioAnswer } from './scenarios.js';

describe('SANDBOX_SCENARIOS', () => {
  it('lists the eleven codes of the issue, and the three gate answers of issue 36', () => {
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
      'RATE0001',
      'QUOT0001',
      'PAYR0001',
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

describe('the gate answers (issue 36)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const run = async (shareCode: string) => {
    const request = validateCheckRequest(
      'right_to_work',
      { share_code: shareCode, date_of_birth: '1990-01-01', company_name: 'Acme Ltd' },
      { async: false, now },
    );
    if (!request.ok) throw new Error(request.error.message);
    return runSandboxCheck(request.value, { attempt: 1, now });
  };

  it('answers RATE_LIMITED with Retry-After, QUOTA_EXCEEDED and PAYMENT_REQUIRED with upgrade_url', async () => {
    expect(await run('WRATE0001')).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', status: 429, retryAfter: 1 },
    });
    for (const [code, name] of [
      ['WQUOT0001', 'QUOTA_EXCEEDED'],
      ['WPAYR0001', 'PAYMENT_REQUIRED'],
    ] as const) {
      expect(await run(code)).toMatchObject({
        ok: false,
        error: { code: name, status: 402, upgradeUrl: SANDBOX_UPGRADE_URL },
      });
    }
  });

  it('says an unknown code on a test key is not a sandbox code, and where the test codes are', async () => {
    const answer = await run('W9Z8Y7X6V');
    if (answer.ok) throw new Error('an unknown code answered a result');
    expect(answer.error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(answer.error.message).toMatch(/This is a test key/);
    expect(answer.error.message).toMatch(/only the sandbox's test share codes answer, such as WACPT0001/);
    expect(answer.error.message).toMatch(/`rtw sandbox codes`/);
    expect(answer.error.message).toMatch(/sandbox README/);
    // Not a share code from the request, nor the catalogue's advice to ask the applicant.
    expect(answer.error.message).not.toMatch(/W9Z8Y7X6V|Ask the applicant/);
    // The scenario for "the portal does not know the code" keeps the catalogue's message.
    const scenario = await run('WNFND0001');
    expect(scenario).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(scenario.ok ? '' : scenario.error.message).toMatch(/Ask the applicant/);
  });
});
