import {
  type CheckError,
  type CheckKind,
  type CheckRecord,
  checkError,
  fail,
  kindInfo,
  newCheckId,
  type Outcome,
  ok,
  queuedRecord,
  requestFingerprint,
} from '@sharecode/core';
import {
  idempotencyKeyReused,
  validateCheckRequest,
  validateIdempotencyKey,
} from '@sharecode/core/validation';
import type { KeyMode } from '../accounts/api-key.js';
import type { AccountsRepo, AuthenticatedKey } from '../accounts/ports.js';
import { createQuota, type Quota, type Reservation, type UsageSnapshot } from '../accounts/quota.js';
import type { AsyncChecksRepo, StoredAsyncCheck } from './async-ports.js';
import { asyncCheckRecord } from './async-record.js';
import type { CallbackUrlPolicy } from './callback-url-policy.js';
import { unclaimedKeyCallbackRefusal } from './unclaimed-key.js';

/** Spec 8.3: asynchronous checks in progress at once, per account and mode. */
export const MAX_CHECKS_IN_PROGRESS = 100;
/** Retry-After of that limit: about how long it takes for a check to end and make room. */
const IN_PROGRESS_RETRY_AFTER_SECONDS: Readonly<Record<KeyMode, number>> = { live: 30, test: 1 };

export interface AsyncCreateDeps {
  readonly repo: AsyncChecksRepo;
  readonly accounts: Pick<AccountsRepo, 'getDefaultCallbackUrl'>;
  /** For the X-RateLimit-* headers of refusals (outside the creation transaction). */
  readonly quota: Quota;
  /** For the quota reservation made inside the creation transaction. */
  readonly upgradeUrl: string;
  readonly clock: () => Date;
  /** Called once a check is queued: wakes this process's worker at once. */
  readonly onQueued: (mode: KeyMode) => void;
  /** The service's callback-URL rules: core's, plus any hosts the operator listed as unsafe test hosts. */
  readonly callbackUrlPolicy: CallbackUrlPolicy;
}

export interface AsyncCreateInput {
  readonly key: AuthenticatedKey;
  readonly kind: CheckKind;
  readonly body: unknown;
  /** The Idempotency-Key header as received. */
  readonly idempotencyKey: string | undefined;
  readonly requestId: string;
  /** A check made from a check request's applicant's details (requests/applicant-service.ts). */
  readonly checkRequestId?: string | undefined;
}

export interface CreatedCheck {
  readonly record: CheckRecord;
  /** True for an Idempotency-Key replay: 200, the check as it stands, nothing run or charged. */
  readonly replayed: boolean;
  /** The check's URL (the 202's Location). */
  readonly location: string;
}

export interface AsyncCreateOutput {
  readonly outcome: Outcome<CreatedCheck, CheckError>;
  /** For the X-RateLimit-* headers: set on live keys, null on sandbox keys. */
  readonly usage: UsageSnapshot | null;
}

type Decision =
  | { readonly type: 'queued'; readonly record: CheckRecord; readonly usage: UsageSnapshot | null }
  | { readonly type: 'replayed'; readonly check: StoredAsyncCheck }
  | { readonly type: 'refused'; readonly error: CheckError; readonly usage: UsageSnapshot | null };

/**
 * An asynchronous POST once its key is admitted: the same validation, quota and limits as the
 * synchronous twin, answered at once; then Idempotency-Key, the in-progress limit and the live quota
 * reservation, and the queued row, all in one transaction under the account-and-mode lock, so a
 * reservation exists exactly when its check does and two racing POSTs cannot pass a limit together.
 */
export async function createAsyncCheck(
  deps: AsyncCreateDeps,
  input: AsyncCreateInput,
): Promise<AsyncCreateOutput> {
  const { key, kind } = input;
  const live = key.mode === 'live';
  const now = deps.clock();
  const snapshot = async () => (live ? deps.quota.snapshot(key, now) : null);

  // The order of the MSW sandbox: the Idempotency-Key header, then the fields.
  const idempotencyKey = validateIdempotencyKey(input.idempotencyKey);
  if (!idempotencyKey.ok) return { outcome: idempotencyKey, usage: await snapshot() };
  const validated = validateCheckRequest(kind, input.body, {
    async: true,
    now,
    validateCallbackUrl: deps.callbackUrlPolicy.validate,
  });
  if (!validated.ok) return { outcome: validated, usage: await snapshot() };

  const fields = validated.value.async;
  // Spec 5.5: a sandbox key no account has claimed polls only.
  if (key.unclaimed && fields?.callback_url) {
    return { outcome: fail(unclaimedKeyCallbackRefusal()), usage: await snapshot() };
  }
  // Spec 6.3: fixed when queued; a later change of the default does not move this check.
  const callbackUrl =
    fields?.callback_url ?? (await deps.accounts.getDefaultCallbackUrl(key.accountId, key.mode));
  const fingerprint = requestFingerprint(validated.value);
  const id = newCheckId();

  const decision = await deps.repo.create(key.accountId, key.mode, async (tx): Promise<Decision> => {
    if (idempotencyKey.value !== undefined) {
      const earlier = await tx.findByIdempotencyKey(idempotencyKey.value);
      if (earlier) {
        return earlier.fingerprint === fingerprint
          ? { type: 'replayed', check: earlier.check }
          : { type: 'refused', error: idempotencyKeyReused(), usage: null };
      }
    }
    if ((await tx.countInProgress()) >= MAX_CHECKS_IN_PROGRESS) {
      return {
        type: 'refused',
        error: checkError(
          'RATE_LIMITED',
          `This account already has ${MAX_CHECKS_IN_PROGRESS} asynchronous checks in progress (live and test together), the most allowed at once: retry after the number of seconds in Retry-After, once some have ended.`,
          { retryAfter: IN_PROGRESS_RETRY_AFTER_SECONDS[key.mode] },
        ),
        usage: null,
      };
    }
    let reservation: Reservation | null = null;
    let usage: UsageSnapshot | null = null;
    if (live) {
      // Held while the check is queued or running: in-progress checks count against the month.
      const admission = await createQuota(tx.usage, deps.upgradeUrl).reserve(key, now);
      if (!admission.outcome.ok)
        return { type: 'refused', error: admission.outcome.error, usage: admission.usage };
      reservation = admission.outcome.value;
      usage = admission.usage;
    }
    const clientReference = fields?.client_reference ?? null;
    await tx.insert({
      id,
      accountId: key.accountId,
      keyId: key.keyId,
      mode: key.mode,
      kind,
      requestId: input.requestId,
      request: validated.value,
      fingerprint,
      idempotencyKey: idempotencyKey.value ?? null,
      clientReference,
      callbackUrl,
      reservation,
      createdAt: now,
      checkRequestId: input.checkRequestId ?? null,
    });
    const queued = queuedRecord({ id, mode: key.mode, clientReference, callbackUrl, createdAt: now });
    return {
      type: 'queued',
      record: input.checkRequestId ? { ...queued, check_request_id: input.checkRequestId } : queued,
      usage,
    };
  });

  switch (decision.type) {
    case 'queued':
      deps.onQueued(key.mode);
      return {
        outcome: ok({
          record: decision.record,
          replayed: false,
          location: `${kindInfo(kind).locationPrefix}${id}`,
        }),
        usage: decision.usage,
      };
    case 'replayed':
      return {
        outcome: ok({
          record: asyncCheckRecord(decision.check, now),
          replayed: true,
          location: `${kindInfo(decision.check.kind).locationPrefix}${decision.check.id}`,
        }),
        usage: await snapshot(),
      };
    case 'refused':
      return { outcome: fail(decision.error), usage: decision.usage ?? (await snapshot()) };
  }
}
