// Type-level checks: the named methods take and return exactly the contract's types.
import type { IncomingHttpHeaders } from 'node:http';
import type { paths } from '@sharecode/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { ShareCodeClient } from './client.js';
import { isShareCodeApiError } from './error-guards.js';
import type { RightToWorkResult, WithRequestId } from './index.js';
import type { WebhookEvent } from './types.js';
import { verifyWebhook } from './webhooks.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { 'application/json': infer B } } };
}
  ? B
  : never;
// The contract's 200 body with its optional fields made present (null where the answer had none).
// Plus the answer's request id (issue 36), not enumerable at run time.
type Ok<P extends keyof paths> = paths[P] extends { post: { responses: { 200: infer R } } }
  ? { [K in keyof Json<R>]-?: Exclude<Json<R>[K], undefined> } & { readonly requestId: string | undefined }
  : never;

describe('ShareCodeClient types', () => {
  it('synchronous checks use the contract’s request and 200 bodies', () => {
    expectTypeOf<Parameters<ShareCodeClient['checkRightToWork']>[0]>().toEqualTypeOf<Body<'/api/check'>>();
    expectTypeOf<Awaited<ReturnType<ShareCodeClient['checkRightToWork']>>>().toEqualTypeOf<
      Ok<'/api/check'>
    >();
    expectTypeOf<Parameters<ShareCodeClient['checkRightToRent']>[0]>().toEqualTypeOf<
      Body<'/api/check/right-to-rent'>
    >();
    expectTypeOf<Awaited<ReturnType<ShareCodeClient['checkRightToRent']>>>().toEqualTypeOf<
      Ok<'/api/check/right-to-rent'>
    >();
    expectTypeOf<Parameters<ShareCodeClient['checkImmigrationStatus']>[0]>().toEqualTypeOf<
      Body<'/api/check/immigration-status'>
    >();
    expectTypeOf<Awaited<ReturnType<ShareCodeClient['checkImmigrationStatus']>>>().toEqualTypeOf<
      Ok<'/api/check/immigration-status'>
    >();
  });

  it('asynchronous creates take the contract’s request bodies', () => {
    expectTypeOf<Parameters<ShareCodeClient['createRightToWorkCheck']>[0]>().toEqualTypeOf<
      Body<'/api/check/async'>
    >();
    expectTypeOf<Parameters<ShareCodeClient['createRightToRentCheck']>[0]>().toEqualTypeOf<
      Body<'/api/check/right-to-rent/async'>
    >();
    expectTypeOf<Parameters<ShareCodeClient['createImmigrationStatusCheck']>[0]>().toEqualTypeOf<
      Body<'/api/check/immigration-status/async'>
    >();
  });

  it('verifyWebhook takes Node, Express and fetch headers and raw bodies', () => {
    expectTypeOf(verifyWebhook).toBeCallableWith(Buffer.from(''), {} as IncomingHttpHeaders, 'whsec_x');
    expectTypeOf(verifyWebhook).toBeCallableWith('', new Headers(), ['whsec_a', 'whsec_b']);
    expectTypeOf(verifyWebhook).toBeCallableWith(new ArrayBuffer(0), new Headers(), 'whsec_x');
  });

  it('verifyWebhook returns the discriminated event union', () => {
    expectTypeOf(verifyWebhook).returns.toEqualTypeOf<WebhookEvent>();
    const event = {} as WebhookEvent;
    if (event.type === 'check.failed') expectTypeOf(event.type).toEqualTypeOf<'check.failed'>();
  });

  it('isShareCodeApiError narrows the code', () => {
    const error: unknown = undefined;
    if (isShareCodeApiError(error, ['NOT_FOUND', 'DOB_MISMATCH'])) {
      expectTypeOf(error.code).toEqualTypeOf<'NOT_FOUND' | 'DOB_MISMATCH'>();
    }
  });

  it('names the annotation that keeps requestId: WithRequestId<RightToWorkResult> (the README says so)', () => {
    type Returned = Awaited<ReturnType<ShareCodeClient['checkRightToWork']>>;
    // A plain RightToWorkResult annotation is allowed (a supertype) but has no requestId ...
    expectTypeOf<Returned>().toExtend<RightToWorkResult>();
    expectTypeOf<RightToWorkResult>().not.toHaveProperty('requestId');
    // ... WithRequestId<RightToWorkResult> is exactly what the call resolves with.
    expectTypeOf<Returned>().toEqualTypeOf<WithRequestId<RightToWorkResult>>();
    expectTypeOf<WithRequestId<RightToWorkResult>['requestId']>().toEqualTypeOf<string | undefined>();
  });
});
