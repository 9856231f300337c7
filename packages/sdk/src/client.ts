import type { paths } from '@sharecode/contract';
import createClient, { type Client } from 'openapi-fetch';
import { completeCheckRequest } from './check-request-shape.js';
import {
  type CreateCheckOptions,
  checkHeaders,
  checkIdempotencyKey,
  type RequestOptions,
  type ResolvedClientOptions,
  resolveCallLimits,
  resolveClientOptions,
  type ShareCodeClientOptions,
} from './client-options.js';
import { completeRecord, completeResult } from './complete-record.js';
import { ShareCodeResponseError, ShareCodeUsageError } from './errors.js';
import {
  type Answer,
  type FetchLike,
  fetchWithRetries,
  type SendDeps,
  sendWithRetries,
} from './fetch-with-retries.js';
import { randomUuid } from './random-id.js';
import { type WithRequestId, withRequestId } from './request-id.js';
import { type ResultTitle, recordProblem, resultProblem } from './result-shape.js';
import type * as Api from './types.js';
import { type FinishedCheck, type WaitForCheckOptions, waitForCheck } from './wait-for-check.js';
import { type WaitForCheckRequestOptions, waitForCheckRequest } from './wait-for-check-request.js';

/** What an asynchronous create answers. */
export interface CreatedCheck<R extends Api.CheckResult = Api.CheckResult> {
  /** The check as it stands: `queued` when new, or as it is now when `replayed`. Typed for its kind. */
  check: Api.CheckRecord<R>;
  /**
   * True when the server answered 200: an earlier request with the same Idempotency-Key already
   * created this check, and no second check was queued or charged.
   */
  replayed: boolean;
  /** The Idempotency-Key that was sent (yours, or the random one the SDK made). Keep it to retry later. */
  idempotencyKey: string;
  /** `X-Request-Id` of the answer. */
  requestId: string | undefined;
  /** Absolute URL of the check (from `Location`), when the server sent one. */
  location: string | undefined;
}

// The contract's paths, checked against the generated `paths` so a renamed path fails to compile.
const PATH = {
  checkRightToWork: '/api/check',
  checkRightToRent: '/api/check/right-to-rent',
  checkImmigrationStatus: '/api/check/immigration-status',
  createRightToWorkCheck: '/api/check/async',
  createRightToRentCheck: '/api/check/right-to-rent/async',
  createImmigrationStatusCheck: '/api/check/immigration-status/async',
  getCheck: '/api/check/async/{check_id}',
  checkRequests: '/api/check-requests',
  checkRequest: '/api/check-requests/{request_id}',
} as const satisfies Record<string, keyof paths>;

/** The query of `listCheckRequests`. */
export interface ListCheckRequestsQuery {
  /** Only requests with this status. */
  status?: Api.CheckRequestStatus | undefined;
  /** Requests a page, 1 to 100 (the service's default: 20). */
  limit?: number | undefined;
  /** The previous page's `next_cursor`. */
  cursor?: string | undefined;
}

const REQUEST_STATUSES: readonly string[] = ['waiting', 'submitted', 'locked', 'expired', 'cancelled'];

// A check request's create carries no Idempotency-Key (the contract declares none), so once it may
// have reached the service it is not sent again; a second request would be a second link.
const CREATE_REQUEST_ADVICE =
  'The check request may have been made although its answer was lost, so it was not sent again (a create carries no Idempotency-Key). Look for it with listCheckRequests({ status: "waiting" }) (your client_reference is on it) before making another; its link was only in the lost answer, so cancel it (cancelCheckRequest) and make a new one. An unused request costs nothing.';

/**
 * Typed client for the share-code check API.
 *
 * Every method throws a `ShareCodeError` subclass on failure (never resolves with an error value);
 * aborting through `signal` rejects with the signal's reason, as fetch does.
 */
export class ShareCodeClient {
  /**
   * The openapi-fetch client for any path in the contract, with the same authentication, retries
   * and timeouts (the client's defaults; pass `signal` in its init to abort). Non-2xx answers throw
   * `ShareCodeApiError`; on success you get `{ data, response }`, so headers such as X-Request-Id
   * and X-RateLimit-Remaining are at hand.
   */
  readonly raw: Client<paths>;
  readonly #options: ResolvedClientOptions;
  readonly #deps: SendDeps;
  readonly #headers: Readonly<Record<string, string>>;

  constructor(options?: ShareCodeClientOptions) {
    const resolved = resolveClientOptions(options);
    this.#options = resolved;
    this.#deps = {
      // Resolved per request so that a fetch patched after construction (MSW) is used.
      fetch: (): FetchLike => resolved.fetch ?? globalThis.fetch,
      random: () => Math.random(),
      now: () => Date.now(),
    };
    // Lower-case names, so a caller's `authorization` replaces ours instead of joining it.
    this.#headers = checkHeaders({
      'user-agent': resolved.userAgent,
      authorization: `Bearer ${resolved.apiKey}`,
      ...lowerCased(resolved.headers),
    });
    this.raw = createClient<paths>({
      baseUrl: resolved.baseUrl,
      headers: this.#headers,
      fetch: (request: Request) =>
        fetchWithRetries(
          request,
          { ...resolveCallLimits(resolved, undefined), ...idempotency(request) },
          this.#deps,
        ),
    });
  }

  /** The base URL requests go to. */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Right-to-work check (`POST /api/check`); resolves with the result once the portal has answered. */
  async checkRightToWork(
    body: Api.RightToWorkRequest,
    options?: RequestOptions,
  ): Promise<WithRequestId<Api.RightToWorkResult>> {
    return parseResult<Api.RightToWorkResult>(
      await this.#send('POST', PATH.checkRightToWork, body, options),
      'Right to work',
    );
  }

  /** Right-to-rent check (`POST /api/check/right-to-rent`). */
  async checkRightToRent(
    body: Api.RightToRentRequest,
    options?: RequestOptions,
  ): Promise<WithRequestId<Api.RightToRentResult>> {
    return parseResult<Api.RightToRentResult>(
      await this.#send('POST', PATH.checkRightToRent, body, options),
      'Right to rent',
    );
  }

  /** Immigration-status check (`POST /api/check/immigration-status`). */
  async checkImmigrationStatus(
    body: Api.ImmigrationStatusRequest,
    options?: RequestOptions,
  ): Promise<WithRequestId<Api.ImmigrationStatusResult>> {
    return parseResult<Api.ImmigrationStatusResult>(
      await this.#send('POST', PATH.checkImmigrationStatus, body, options),
      'Immigration status',
    );
  }

  /** Queues a right-to-work check (`POST /api/check/async`). */
  createRightToWorkCheck(
    body: Api.RightToWorkAsyncRequest,
    options?: CreateCheckOptions,
  ): Promise<CreatedCheck<Api.RightToWorkResult>> {
    return this.#create(PATH.createRightToWorkCheck, body, options);
  }

  /** Queues a right-to-rent check (`POST /api/check/right-to-rent/async`). */
  createRightToRentCheck(
    body: Api.RightToRentAsyncRequest,
    options?: CreateCheckOptions,
  ): Promise<CreatedCheck<Api.RightToRentResult>> {
    return this.#create(PATH.createRightToRentCheck, body, options);
  }

  /** Queues an immigration-status check (`POST /api/check/immigration-status/async`). */
  createImmigrationStatusCheck(
    body: Api.ImmigrationStatusAsyncRequest,
    options?: CreateCheckOptions,
  ): Promise<CreatedCheck<Api.ImmigrationStatusResult>> {
    return this.#create(PATH.createImmigrationStatusCheck, body, options);
  }

  /** An asynchronous check as it stands (`GET /api/check/async/{check_id}`); works for every kind. */
  async getCheck(id: string, options?: RequestOptions): Promise<WithRequestId<Api.CheckRecord>> {
    if (typeof id !== 'string' || id.trim() === '') {
      throw new ShareCodeUsageError(
        'getCheck needs the check id (chk_...) returned when the check was created.',
      );
    }
    const path = PATH.getCheck.replace('{check_id}', encodeURIComponent(id.trim()));
    const answer = await this.#send('GET', path, undefined, options);
    return withRequestId(parseRecord(answer), answer.response);
  }

  /**
   * Polls a check until it is `succeeded` or `failed` and resolves with that record. A failed check
   * is returned, not thrown, unless `throwOnFailure` is set (then it throws the ShareCodeApiError the
   * synchronous call would have thrown). Transient poll failures are retried until `timeout`.
   * Pass the created record (`created.check`) instead of its id to keep its kind in the type.
   */
  waitForCheck<R extends Api.CheckResult>(
    check: Api.CheckRecord<R>,
    options?: WaitForCheckOptions,
  ): Promise<FinishedCheck<R>>;
  waitForCheck(id: string, options?: WaitForCheckOptions): Promise<FinishedCheck>;
  waitForCheck(check: string | Api.CheckRecord, options?: WaitForCheckOptions): Promise<FinishedCheck> {
    const id = typeof check === 'string' ? check : check?.id;
    return waitForCheck((requestOptions) => this.getCheck(id, requestOptions), options);
  }

  /**
   * Makes a check request (`POST /api/check-requests`): a link for one applicant, who enters their
   * share code and date of birth there. Resolves with the new `waiting` request, typed for its kind;
   * `url` is the link, shown only in this answer. Not resent once it may have reached the service
   * (it carries no Idempotency-Key): see the error's message.
   */
  async createCheckRequest<K extends Api.CheckRequestKind>(
    body: Api.CheckRequestCreate & { kind: K },
    options?: RequestOptions,
  ): Promise<WithRequestId<Api.CreatedCheckRequest<K>>> {
    const answer = await this.#send(
      'POST',
      PATH.checkRequests,
      body,
      options,
      undefined,
      CREATE_REQUEST_ADVICE,
    );
    const request = parseCheckRequest(answer);
    if (request.status !== 'waiting' || typeof request.url !== 'string')
      throw invalidBody(answer.response, 'is not a new check request (waiting, with its url)');
    return withRequestId(request as Api.CreatedCheckRequest<K>, answer.response);
  }

  /** A check request as it stands (`GET /api/check-requests/{request_id}`); `url` is null here. */
  async getCheckRequest(id: string, options?: RequestOptions): Promise<WithRequestId<Api.CheckRequest>> {
    const answer = await this.#send('GET', requestPath('getCheckRequest', id), undefined, options);
    return withRequestId(parseCheckRequest(answer), answer.response);
  }

  /** One page of the key's check requests, newest first (`GET /api/check-requests`). */
  async listCheckRequests(
    query: ListCheckRequestsQuery = {},
    options?: RequestOptions,
  ): Promise<WithRequestId<Api.CheckRequestPage>> {
    const answer = await this.#send('GET', PATH.checkRequests + listQuery(query), undefined, options);
    const data = parseObject<{ data?: unknown; next_cursor?: unknown }>(answer);
    if (!Array.isArray(data.data))
      throw invalidBody(answer.response, 'is not a page of check requests (no data list)');
    if (data.next_cursor !== null && typeof data.next_cursor !== 'string')
      throw invalidBody(answer.response, 'is a page of check requests without next_cursor');
    const page: Api.CheckRequestPage = {
      data: data.data.map((item, i) => {
        const checked = completeCheckRequest(item);
        if (checked.problem !== undefined)
          throw invalidBody(answer.response, `has data[${i}] that ${checked.problem}`);
        return checked.request;
      }),
      next_cursor: data.next_cursor,
    };
    return withRequestId(page, answer.response);
  }

  /**
   * Cancels a waiting check request (`DELETE /api/check-requests/{request_id}`): its link answers 410
   * from now on. Cancelling it again answers the same; a request already submitted, locked or expired
   * throws CHECK_REQUEST_CLOSED; one whose applicant's details are being checked right now throws
   * CHECK_REQUEST_CHECKING (read it again in a minute).
   */
  async cancelCheckRequest(id: string, options?: RequestOptions): Promise<WithRequestId<Api.CheckRequest>> {
    const answer = await this.#send('DELETE', requestPath('cancelCheckRequest', id), undefined, options);
    return withRequestId(parseCheckRequest(answer), answer.response);
  }

  /**
   * Polls a check request until it leaves `waiting` (submitted, locked, expired or cancelled) and
   * resolves with it. Pass the created request instead of its id to keep its kind in the type.
   */
  waitForCheckRequest<K extends Api.CheckRequestKind>(
    request: { id: string; kind: K },
    options?: WaitForCheckRequestOptions,
  ): Promise<Api.EndedCheckRequest<K>>;
  waitForCheckRequest(id: string, options?: WaitForCheckRequestOptions): Promise<Api.EndedCheckRequest>;
  waitForCheckRequest(
    request: string | { id: string },
    options?: WaitForCheckRequestOptions,
  ): Promise<Api.EndedCheckRequest> {
    const id = typeof request === 'string' ? request : request?.id;
    return waitForCheckRequest((requestOptions) => this.getCheckRequest(id, requestOptions), options);
  }

  async #create<R extends Api.CheckResult>(
    path: string,
    body: unknown,
    options: CreateCheckOptions | undefined,
  ): Promise<CreatedCheck<R>> {
    const idempotencyKey =
      options?.idempotencyKey === undefined ? randomUuid() : checkIdempotencyKey(options.idempotencyKey);
    const answer = await this.#send('POST', path, body, options, idempotencyKey);
    const location = answer.response.headers.get('location');
    return {
      check: withRequestId(parseRecord<R>(answer), answer.response),
      replayed: answer.response.status === 200,
      idempotencyKey,
      requestId: answer.response.headers.get('x-request-id') ?? undefined,
      location: location === null ? undefined : new URL(location, `${this.#options.baseUrl}/`).href,
    };
  }

  #send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    options: RequestOptions | undefined,
    idempotencyKey?: string,
    resendAdvice?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...this.#headers };
    if (options?.headers !== undefined) Object.assign(headers, checkHeaders(lowerCased(options.headers)));
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    const key = headers['idempotency-key'];
    return sendWithRetries(
      {
        url: this.#options.baseUrl + path,
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      },
      {
        ...resolveCallLimits(this.#options, options),
        signal: options?.signal,
        idempotent: method !== 'POST' || key !== undefined,
        idempotencyKey: key,
        resendAdvice: key === undefined ? resendAdvice : undefined,
      },
      this.#deps,
    );
  }
}

function idempotency(request: Request): { idempotent: boolean; idempotencyKey: string | undefined } {
  const key = request.headers.get('idempotency-key') ?? undefined;
  // GET and DELETE (a cancel answers the same when repeated) are safe to resend; a POST only with a key.
  return { idempotent: request.method !== 'POST' || key !== undefined, idempotencyKey: key };
}

function requestPath(method: string, id: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ShareCodeUsageError(
      `${method} needs the check request id (creq_...) returned when the request was made.`,
    );
  }
  return PATH.checkRequest.replace('{request_id}', encodeURIComponent(id.trim()));
}

function listQuery(query: ListCheckRequestsQuery): string {
  const params = new URLSearchParams();
  const { status, limit, cursor } = query ?? {};
  if (status !== undefined) {
    if (!REQUEST_STATUSES.includes(status))
      throw new ShareCodeUsageError(
        `listCheckRequests: status must be one of ${REQUEST_STATUSES.join(', ')}.`,
      );
    params.set('status', status);
  }
  if (limit !== undefined) {
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new ShareCodeUsageError(
        `listCheckRequests: limit must be a whole number from 1 to 100; got ${String(limit)}.`,
      );
    params.set('limit', String(limit));
  }
  if (cursor !== undefined) {
    if (typeof cursor !== 'string' || cursor === '')
      throw new ShareCodeUsageError("listCheckRequests: cursor must be the previous page's next_cursor.");
    params.set('cursor', cursor);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function parseCheckRequest(answer: Answer): Api.CheckRequest {
  const checked = completeCheckRequest(parseObject<unknown>(answer));
  if (checked.problem !== undefined) throw invalidBody(answer.response, checked.problem);
  return checked.request;
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

function parseObject<T>(answer: Answer): T {
  let data: unknown;
  try {
    data = JSON.parse(answer.text);
  } catch (error) {
    throw invalidBody(answer.response, 'is not valid JSON', error);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalidBody(answer.response, 'is not a JSON object');
  }
  return data as T;
}

function parseRecord<R extends Api.CheckResult>(answer: Answer): Api.CheckRecord<R> {
  const data = parseObject<unknown>(answer);
  const problem = recordProblem(data);
  if (problem !== undefined) throw invalidBody(answer.response, problem);
  const checked = completeRecord(data);
  if (checked.problem !== undefined) throw invalidBody(answer.response, checked.problem);
  return checked.record as Api.CheckRecord<R>;
}

function parseResult<R extends Api.CheckResult>(answer: Answer, expected: ResultTitle): WithRequestId<R> {
  const data = parseObject<R>(answer);
  const problem = resultProblem(data, expected);
  if (problem !== undefined) throw invalidBody(answer.response, problem);
  return withRequestId(completeResult<R>(data), answer.response);
}

function invalidBody(response: Response, what: string, cause?: unknown): ShareCodeResponseError {
  return new ShareCodeResponseError(
    `The API answered HTTP ${response.status}, but the body ${what}. Check baseUrl, then contact support with the request id.`,
    { status: response.status, requestId: response.headers.get('x-request-id') ?? undefined, cause },
  );
}
