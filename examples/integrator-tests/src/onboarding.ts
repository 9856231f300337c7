// An HR system's onboarding step: before a new hire's first day, check their right to work from the
// share code they gave, and decide what happens next. This is the integrator's own code; the tests
// beside it run it against the @sharecode/sandbox MSW sandbox.
import type { ErrorCode, RightToWorkResult, ShareCodeClient, WebhookEvent } from '@sharecode/sdk';
import { isRetryable, isShareCodeApiError } from '@sharecode/sdk';
import { verifyWebhook } from '@sharecode/sdk/webhooks';

export interface NewHire {
  /** The HR system's own id; sent as client_reference, never the person's details. */
  id: string;
  shareCode: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

export const EMPLOYER = 'Acme Staffing Ltd';

export type OnboardingDecision =
  | {
      decision: 'can_start';
      name: string;
      /** A follow-up check is due before this date (time-limited permission); null when none is needed. */
      followUpCheckBy: string | null;
      /** Keep these as the evidence of the check. */
      evidence: { photo: string | null; pdf: string | null };
    }
  | { decision: 'cannot_start'; reason: string }
  | { decision: 'ask_applicant_to_recheck'; what: 'share_code' | 'date_of_birth'; message: string }
  | { decision: 'try_later'; retryAfterSeconds: number | null; message: string };

export function decideFromResult(result: RightToWorkResult): OnboardingDecision {
  if (result.outcome === 'REJECTED') {
    return { decision: 'cannot_start', reason: 'The check shows no permission to work in the UK.' };
  }
  return {
    decision: 'can_start',
    name: result.name,
    followUpCheckBy: result.expiry_date ?? null,
    evidence: { photo: result.photo_data_url ?? null, pdf: result.pdf_data_url ?? null },
  };
}

const TRANSIENT: readonly ErrorCode[] = [
  'TIMEOUT',
  'BUSY',
  'UPSTREAM_UNEXPECTED',
  'INTERNAL',
  'RATE_LIMITED',
];

/** What an error code means for the hire; undefined for errors that are our own bug (bad key, bad input). */
export function decideFromError(
  code: string,
  message: string,
  retryAfterSeconds: number | null = null,
): OnboardingDecision | undefined {
  if (code === 'NOT_FOUND') return { decision: 'ask_applicant_to_recheck', what: 'share_code', message };
  if (code === 'DOB_MISMATCH')
    return { decision: 'ask_applicant_to_recheck', what: 'date_of_birth', message };
  if ((TRANSIENT as readonly string[]).includes(code))
    return { decision: 'try_later', retryAfterSeconds, message };
  return undefined;
}

/** Runs the check now (synchronous endpoint) and decides. */
export async function checkNewHire(client: ShareCodeClient, hire: NewHire): Promise<OnboardingDecision> {
  try {
    const result = await client.checkRightToWork({
      share_code: hire.shareCode,
      date_of_birth: hire.dateOfBirth,
      company_name: EMPLOYER,
    });
    return decideFromResult(result);
  } catch (error) {
    if (isShareCodeApiError(error)) {
      const decision = decideFromError(error.code, error.message, error.retryAfter ?? null);
      if (decision) return decision;
    } else if (isRetryable(error)) {
      return {
        decision: 'try_later',
        retryAfterSeconds: null,
        message: 'The check service could not be reached.',
      };
    }
    throw error;
  }
}

/**
 * Queues the check (asynchronous endpoint); the answer arrives as a webhook at `callbackUrl`. The
 * Idempotency-Key is derived from the hire, so a repeated call never queues a second check.
 */
export async function queueNewHireCheck(
  client: ShareCodeClient,
  hire: NewHire,
  callbackUrl: string,
): Promise<string> {
  const { check } = await client.createRightToWorkCheck(
    {
      share_code: hire.shareCode,
      date_of_birth: hire.dateOfBirth,
      company_name: EMPLOYER,
      callback_url: callbackUrl,
      client_reference: hire.id,
    },
    { idempotencyKey: `onboarding-${hire.id}-rtw` },
  );
  return check.id;
}

/** The webhook receiver: verifies the signature over the raw body, then decides for the hire it names. */
export function decideFromWebhook(
  rawBody: string,
  headers: Record<string, string>,
  secret: string,
): { hireId: string | null; decision: OnboardingDecision | undefined } {
  const event: WebhookEvent = verifyWebhook(rawBody, headers, secret);
  const check = event.data;
  const hireId = check.client_reference;
  if (check.status === 'succeeded' && check.result?.title === 'Right to work') {
    return { hireId, decision: decideFromResult(check.result) };
  }
  if (check.status === 'failed' && check.error) {
    return { hireId, decision: decideFromError(check.error.code, check.error.message) };
  }
  return { hireId, decision: undefined };
}
