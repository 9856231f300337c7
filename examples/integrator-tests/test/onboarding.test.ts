// The integrator's onboarding code, tested against the sandbox: real MSW interception of the SDK's
// requests, the sandbox's test share codes, signed webhooks and fake timers.
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { isShareCodeApiError, isShareCodeWebhookError, ShareCodeClient } from '@sharecode/sdk';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewHire } from '../src/onboarding.js';
import {
  checkNewHire,
  decideFromError,
  decideFromWebhook,
  EMPLOYER,
  queueNewHireCheck,
} from '../src/onboarding.js';

// The sandbox answers at the SDK's default base URL, so the client needs no baseUrl.
const { server, sandbox } = setupSandboxServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
  vi.useRealTimers();
});
afterAll(() => server.close());

const TEST_KEY = 'rtw_test_onboardingSuite0000000000010000000000000';
const CALLBACK = 'https://hr.acme.example/webhooks/sharecode';
// Created after setupSandboxServer; the SDK looks fetch up on every request, so MSW sees it anyway.
const client = new ShareCodeClient({ apiKey: TEST_KEY });

function hire(shareCode: string, dateOfBirth = '1990-01-01'): NewHire {
  return { id: `hire-${shareCode}`, shareCode, dateOfBirth };
}

describe('checkNewHire (synchronous check)', () => {
  it('lets a hire with time-limited permission start, with a follow-up date and the evidence', async () => {
    const decision = await checkNewHire(client, hire('W ACP T000 1'));
    expect(decision).toMatchObject({ decision: 'can_start', name: 'PRIYA ANJALI SHARMA' });
    if (decision.decision !== 'can_start') throw new Error('unreachable');
    expect(decision.followUpCheckBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(decision.evidence.photo).toMatch(/^data:image\/jpeg;base64,/);
    expect(decision.evidence.pdf).toMatch(/^data:application\/pdf;base64,/);
  });

  it('lets a hire with settled status start with no follow-up check', async () => {
    expect(await checkNewHire(client, hire('WNOEX0001'))).toMatchObject({
      decision: 'can_start',
      followUpCheckBy: null,
    });
  });

  it('does not let a hire without permission start', async () => {
    expect(await checkNewHire(client, hire('WREJT0001'))).toMatchObject({ decision: 'cannot_start' });
  });

  it('asks the applicant to re-check a share code the portal does not know', async () => {
    expect(await checkNewHire(client, hire('WNFND0001'))).toMatchObject({
      decision: 'ask_applicant_to_recheck',
      what: 'share_code',
    });
  });

  it('asks the applicant to re-check their date of birth when it does not match', async () => {
    expect(await checkNewHire(client, hire('WACPT0001', '1985-05-05'))).toMatchObject({
      decision: 'ask_applicant_to_recheck',
      what: 'date_of_birth',
    });
  });

  it("says try later when the portal stays busy, after the SDK's own retries", async () => {
    vi.useFakeTimers();
    const pending = checkNewHire(client, hire('WBUSY0001'));
    // The SDK waits Retry-After (1 s in the sandbox) between its retries: move the clock on.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toMatchObject({ decision: 'try_later', retryAfterSeconds: 1 });
  });

  it('says try later when the portal times out', async () => {
    vi.useFakeTimers();
    const pending = checkNewHire(client, hire('WTIME0001'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await pending).toMatchObject({ decision: 'try_later' });
  });

  it('throws, rather than deciding, when the key is wrong: that is our bug, not the applicant’s', async () => {
    const live = new ShareCodeClient({ apiKey: 'rtw_live_notForTheSandbox000000000000000000000000' });
    const error = await checkNewHire(live, hire('WACPT0001')).catch((e: unknown) => e);
    expect(isShareCodeApiError(error, 'INVALID_KEY')).toBe(true);
  });
});

describe('queueNewHireCheck (asynchronous check and webhook)', () => {
  it('decides from the signed webhook once the sandbox has retried and succeeded', async () => {
    vi.useFakeTimers();
    const decisions: ReturnType<typeof decideFromWebhook>[] = [];
    // The HR system's webhook endpoint, handed the exact signed bytes and headers.
    sandbox.onWebhook(({ body, headers }) => {
      decisions.push(decideFromWebhook(body, headers, sandbox.webhookSecret));
    });
    const id = await queueNewHireCheck(client, hire('WRTRY0001'), CALLBACK);
    expect(decisions).toEqual([]);
    // Attempt 1 fails (UPSTREAM_UNEXPECTED), the sandbox retries after 1 s, attempt 2 succeeds.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(decisions).toEqual([
      { hireId: 'hire-WRTRY0001', decision: expect.objectContaining({ decision: 'can_start' }) },
    ]);
    expect(await client.getCheck(id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      callback_url: CALLBACK,
    });
  });

  it('receives the webhook over HTTP at its own endpoint, and asks for a re-check on NOT_FOUND', async () => {
    vi.useFakeTimers();
    const decisions: ReturnType<typeof decideFromWebhook>[] = [];
    server.use(
      http.post(CALLBACK, async ({ request }) => {
        decisions.push(
          decideFromWebhook(await request.text(), Object.fromEntries(request.headers), sandbox.webhookSecret),
        );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await queueNewHireCheck(client, hire('WNFND0001'), CALLBACK);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(decisions).toEqual([
      {
        hireId: 'hire-WNFND0001',
        decision: expect.objectContaining({ decision: 'ask_applicant_to_recheck' }),
      },
    ]);
    expect(sandbox.deliveries).toMatchObject([{ type: 'check.failed', delivered: true, status: 204 }]);
  });

  it('queues one check however often onboarding is retried (Idempotency-Key)', async () => {
    const first = await queueNewHireCheck(client, hire('WACPT0001'), CALLBACK);
    const second = await queueNewHireCheck(client, hire('WACPT0001'), CALLBACK);
    expect(second).toBe(first);
  });

  it('refuses a webhook signed with another secret', async () => {
    const deliveries: { body: string; headers: Record<string, string> }[] = [];
    sandbox.onWebhook(({ body, headers }) => {
      deliveries.push({ body, headers: { ...headers } });
    });
    await sandbox.sendTestEvent(CALLBACK);
    const [delivery] = deliveries;
    if (!delivery) throw new Error('no test event');
    let refusal: unknown;
    try {
      decideFromWebhook(delivery.body, delivery.headers, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    } catch (error) {
      refusal = error;
    }
    expect(isShareCodeWebhookError(refusal)).toBe(true);
    // The sandbox's own secret verifies it: a check.test event, which makes no decision.
    expect(decideFromWebhook(delivery.body, delivery.headers, sandbox.webhookSecret)).toMatchObject({
      hireId: null,
    });
  });

  it('can poll instead: a check that keeps timing out ends failed after 3 attempts, so try later', async () => {
    vi.useFakeTimers();
    const { check } = await client.createRightToWorkCheck({
      share_code: 'WTIME0001',
      date_of_birth: '1990-01-01',
      company_name: EMPLOYER,
    });
    const waiting = client.waitForCheck(check.id, { interval: 500 });
    await vi.advanceTimersByTimeAsync(10_000);
    const finished = await waiting;
    expect(finished).toMatchObject({ status: 'failed', attempts: 3, error: { code: 'TIMEOUT' } });
    expect(decideFromError(finished.error?.code ?? '', finished.error?.message ?? '')).toMatchObject({
      decision: 'try_later',
    });
  });
});
