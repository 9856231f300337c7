import { newCheckId, queuedRecord } from '@sharecode/core';
import {
  type ApplicantDetails,
  type ApplicantFieldError,
  type ApplicantFormInput,
  type ApplicantFormValues,
  type ApplicantPhase,
  applicantFormValues,
  isApplicantToken,
  phaseOfRequest,
  readApplicantForm,
  statusAt,
} from '@sharecode/core/check-requests';
import { validateCheckRequest } from '@sharecode/core/validation';
import type { StoredCheck } from './check-store.js';
import type { StoredRequest } from './request-store.js';
import type { SandboxContext } from './sandbox-context.js';
import { sha256Hex } from './web-crypto.js';

// The applicant's side of a check request, as the service's applicant service answers it
// (packages/server/src/requests/applicant-service.ts): what the link shows, and what a submitted
// form does. Never the check's result, the applicant's name or anything of another request.

/** The checking page asks again after this many seconds (the service's for test keys). */
const REFRESH_SECONDS = 2;

/** The request a link's token opens, its expiry recorded if due; undefined for any other token. */
export async function requestByToken(
  sandbox: SandboxContext,
  token: string,
  now: Date,
): Promise<StoredRequest | undefined> {
  if (!isApplicantToken(token)) return undefined;
  const found = sandbox.requests.findByTokenHash(await sha256Hex(token));
  if (found) sandbox.endings.expireIfDue(found, now);
  return found;
}

/** The page for the request as it stands (the form shows `form.values` only when no check ran since). */
export function phaseOf(
  stored: StoredRequest,
  now: Date,
  form?: { values: ApplicantFormValues; errors: ApplicantFieldError[] },
): ApplicantPhase {
  const { sentShown, lastError, notice } = stored;
  const phase = phaseOfRequest(stored.state, now, {
    sentShown,
    lastError,
    notice,
    refreshSeconds: REFRESH_SECONDS,
    form,
  });
  if (phase.page === 'sent') stored.sentShown = true;
  return phase;
}

/** Makes the sandbox's asynchronous check of the applicant's details, as `POST .../async` would. */
function makeCheck(
  sandbox: SandboxContext,
  stored: StoredRequest,
  details: ApplicantDetails,
  now: Date,
): boolean {
  const { state } = stored;
  const body: Record<string, unknown> = { ...state.checker, ...details };
  if (state.client_reference !== null) body.client_reference = state.client_reference;
  if (state.callback_url !== null) body.callback_url = state.callback_url;
  const validated = validateCheckRequest(state.kind, body, { async: true, now });
  if (!validated.ok) return false;
  const record = {
    ...queuedRecord({
      id: newCheckId(),
      mode: 'test',
      clientReference: state.client_reference,
      callbackUrl: state.callback_url ?? sandbox.options.defaultCallbackUrl,
      createdAt: now,
    }),
    check_request_id: state.id,
  };
  const check: StoredCheck = { record, kind: state.kind, owner: stored.owner, request: validated.value };
  sandbox.store.add(check);
  stored.checks.push(check);
  state.check_pending = true;
  sandbox.runner.queue(check);
  return true;
}

/**
 * The form posted to a link: a typo is shown and costs nothing; a code of another kind is a failed
 * attempt without a check; anything else makes the check (its end decides, see RequestEndings).
 */
export function submitForm(
  sandbox: SandboxContext,
  stored: StoredRequest,
  form: ApplicantFormInput,
  now: Date,
): { phase: ApplicantPhase; checkMade: boolean } {
  const answer = (phase: ApplicantPhase, checkMade = false) => ({ phase, checkMade });
  const { state } = stored;
  if (statusAt(state, now) !== 'waiting' || state.check_pending) return answer(phaseOf(stored, now));
  const read = readApplicantForm(state.kind, form, now);
  const values = applicantFormValues(form);
  if (!read.ok && read.error.reason === 'invalid')
    return answer(phaseOf(stored, now, { values, errors: read.error.errors }));
  if (!read.ok) {
    // A code of another kind: no check is made, but the attempt is spent.
    const [error] = read.error.errors;
    if (error === undefined) return answer(phaseOf(stored, now));
    const status = sandbox.endings.failedAttempt(stored, error, now);
    return answer(
      status === 'waiting'
        ? phaseOf(stored, now, { values, errors: read.error.errors })
        : phaseOf(stored, now),
    );
  }
  if (makeCheck(sandbox, stored, read.value, now)) return answer(phaseOf(stored, now), true);
  // The service could not make the check: no attempt is spent, the applicant may try again later.
  stored.lastError = null;
  stored.notice = 'not_now';
  return answer(phaseOf(stored, now));
}

/**
 * Waits until the request's check ends, or `ms` pass (on the sandbox's timers, which fake timers
 * drive). Without `ms`, until it ends: a sandbox check always does.
 */
export async function checkSettled(
  sandbox: SandboxContext,
  stored: StoredRequest,
  ms?: number,
): Promise<void> {
  if (!stored.state.check_pending) return;
  const ended = stored.checkEnded;
  if (ms === undefined) return ended;
  let cancel = () => {};
  await Promise.race([
    ended,
    new Promise<void>((resolve) => (cancel = sandbox.scheduler.after(ms, resolve))),
  ]);
  cancel();
}
