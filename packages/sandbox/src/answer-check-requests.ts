import { checkError } from '@sharecode/core';
import {
  applicantUrl,
  cancelDecision,
  encodeCursor,
  isCheckRequestId,
  newApplicantToken,
  newCheckRequestId,
  newCheckRequestState,
  readListQuery,
  statusAt,
  validateCheckRequestCreate,
} from '@sharecode/core/check-requests';
import { errorAnswer, jsonAnswer } from './http-answer.js';
import { readJsonBody } from './read-json-body.js';
import { requestRecord } from './request-endings.js';
import { checkEndSignal, type StoredRequest } from './request-store.js';
import type { CallContext, SandboxContext } from './sandbox-context.js';
import { sha256Hex } from './web-crypto.js';

const headersOf = (call: CallContext) => ({ 'X-Request-Id': call.requestId });
const notFound = (call: CallContext) => errorAnswer(checkError('CHECK_REQUEST_NOT_FOUND'), headersOf(call));

/** The caller's request by id, its expiry recorded if due; another key's, or another shape, is none. */
function findOwn(
  sandbox: SandboxContext,
  call: CallContext,
  id: string,
  now: Date,
): StoredRequest | undefined {
  const found = isCheckRequestId(id) ? sandbox.requests.find(id, call.apiKey) : undefined;
  if (found) sandbox.endings.expireIfDue(found, now);
  return found;
}

/** POST /api/check-requests: 201 with the new request and its link (the only answer that shows it). */
export async function answerCreateCheckRequest(
  sandbox: SandboxContext,
  call: CallContext,
): Promise<Response> {
  const headers = headersOf(call);
  const body = await readJsonBody(call.request);
  if (!body.ok) return errorAnswer(body.error, headers);
  const validated = validateCheckRequestCreate(body.value);
  if (!validated.ok) return errorAnswer(validated.error, headers);
  const request = validated.value;
  const now = sandbox.options.now();
  const token = newApplicantToken();
  const state = newCheckRequestState(request, {
    id: newCheckRequestId(),
    mode: 'test',
    now,
    // The sandbox sends no mail: applicant_email_status says not_sent.
    canSendMail: false,
  });
  const stored: StoredRequest = {
    state,
    owner: call.apiKey,
    tokenHash: await sha256Hex(token),
    // Fixed when made, as a check's callback URL is when it is queued.
    eventUrl: request.callback_url ?? sandbox.options.defaultCallbackUrl,
    checks: [],
    lastError: null,
    notice: null,
    sentShown: false,
    endedEventSent: false,
    ...checkEndSignal(),
  };
  sandbox.requests.add(stored);
  const url = applicantUrl(sandbox.options.baseUrl, token);
  return jsonAnswer(201, requestRecord(stored, now, url), {
    ...headers,
    Location: `/api/check-requests/${state.id}`,
  });
}

/** GET /api/check-requests/{request_id}. */
export function answerGetCheckRequest(sandbox: SandboxContext, call: CallContext, id: string): Response {
  const now = sandbox.options.now();
  const found = findOwn(sandbox, call, id, now);
  return found ? jsonAnswer(200, requestRecord(found, now), headersOf(call)) : notFound(call);
}

/**
 * DELETE /api/check-requests/{request_id}: cancelled (again: the same), 409 while a check of the
 * applicant's details is pending or once it has ended otherwise.
 */
export function answerCancelCheckRequest(sandbox: SandboxContext, call: CallContext, id: string): Response {
  const now = sandbox.options.now();
  const found = findOwn(sandbox, call, id, now);
  if (!found) return notFound(call);
  const decision = cancelDecision(found.state, now);
  if (decision !== 'cancel' && decision !== 'unchanged') return errorAnswer(decision, headersOf(call));
  if (decision === 'cancel') {
    found.state.status = 'cancelled';
    found.state.ended_at = now;
  }
  return jsonAnswer(200, requestRecord(found, now), headersOf(call));
}

/** GET /api/check-requests: the key's requests, newest first, a page at a time. */
export function answerListCheckRequests(sandbox: SandboxContext, call: CallContext): Response {
  const query = readListQuery(new URL(call.request.url).searchParams);
  if (!query.ok) return errorAnswer(query.error, headersOf(call));
  const now = sandbox.options.now();
  const { status, limit, after } = query.value;
  const all = sandbox.requests.list(call.apiKey);
  for (const stored of all) sandbox.endings.expireIfDue(stored, now);
  // Compared as ISO text: the cursor's time is one a request had, to the millisecond.
  const afterAt = after === null ? '' : after.createdAt.toISOString();
  const start =
    after === null
      ? 0
      : all.findIndex((s) => {
          const at = s.state.created_at.toISOString();
          return at < afterAt || (at === afterAt && s.state.id < after.id);
        });
  const rest = start < 0 ? [] : all.slice(start);
  const matching = status === null ? rest : rest.filter((s) => statusAt(s.state, now) === status);
  const page = matching.slice(0, limit);
  const last = page.at(-1);
  return jsonAnswer(
    200,
    {
      data: page.map((stored) => requestRecord(stored, now)),
      next_cursor:
        matching.length > limit && last ? encodeCursor(last.state.created_at, last.state.id) : null,
    },
    headersOf(call),
  );
}
