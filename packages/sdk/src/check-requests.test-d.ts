// Type-level checks: check requests narrow by kind (checker fields, the check's result type) and by
// status (which `check` and `ended_at` each status can hold).
import { describe, expectTypeOf, it } from 'vitest';
import type { ShareCodeClient } from './client.js';
import type { WithRequestId } from './request-id.js';
import type {
  CheckRecord,
  CheckRequest,
  CheckRequestOf,
  CheckResult,
  EndedCheckRequest,
  ExpiredCheck,
  FailedCheck,
  ImmigrationStatusResult,
  PendingCheck,
  RightToRentResult,
  RightToWorkResult,
  SucceededCheck,
  WebhookEvent,
} from './types.js';

declare const client: ShareCodeClient;

describe('check requests narrow', () => {
  it('createCheckRequest answers the kind of its body, waiting, with its url', async () => {
    const created = await client.createCheckRequest({ kind: 'right_to_work', company_name: 'Acme Ltd' });
    expectTypeOf(created.kind).toEqualTypeOf<'right_to_work'>();
    expectTypeOf(created.status).toEqualTypeOf<'waiting'>();
    expectTypeOf(created.url).toEqualTypeOf<string>();
    expectTypeOf(created.check).toEqualTypeOf<null>();
    expectTypeOf(created.company_name).toEqualTypeOf<string>();
    expectTypeOf(created.requestId).toEqualTypeOf<string | undefined>();

    const rent = await client.createCheckRequest({
      kind: 'right_to_rent',
      checker_name: 'Hill Lettings',
      checker_type: 'agent',
    });
    expectTypeOf(rent.kind).toEqualTypeOf<'right_to_rent'>();
    expectTypeOf(rent.checker_type).toEqualTypeOf<'landlord' | 'agent'>();
    expectTypeOf(rent).not.toHaveProperty('company_name');
  });

  it('a body missing its kind’s checker fields, or carrying a share code, does not compile', () => {
    // @ts-expect-error right_to_rent needs checker_name and checker_type
    void client.createCheckRequest({ kind: 'right_to_rent', company_name: 'Acme Ltd' });
    // @ts-expect-error the applicant enters the share code on the link's page
    void client.createCheckRequest({ kind: 'right_to_work', company_name: 'Acme', share_code: 'W' });
  });

  it('by status: a submitted request holds a succeeded check of its kind', async () => {
    const created = await client.createCheckRequest({ kind: 'right_to_work', company_name: 'Acme Ltd' });
    const ended = await client.waitForCheckRequest(created);
    expectTypeOf(ended).toEqualTypeOf<EndedCheckRequest<'right_to_work'>>();
    if (ended.status === 'submitted') {
      expectTypeOf(ended.check).toEqualTypeOf<SucceededCheck<RightToWorkResult> | ExpiredCheck>();
      expectTypeOf(ended.ended_at).toEqualTypeOf<string>();
      if (!ended.check.result_expired) {
        expectTypeOf(ended.check.result).toEqualTypeOf<RightToWorkResult>();
        expectTypeOf(ended.check.result.expiry_date).toEqualTypeOf<string | null>();
      }
    }
    if (ended.status === 'locked' || ended.status === 'expired')
      expectTypeOf(ended.check).toEqualTypeOf<FailedCheck | null>();
    if (ended.status === 'cancelled')
      expectTypeOf(ended.check).toEqualTypeOf<CheckRecord<RightToWorkResult> | null>();
    // waitForCheckRequest never resolves with a waiting request.
    expectTypeOf<Extract<typeof ended, { status: 'waiting' }>>().toEqualTypeOf<never>();
  });

  it('a request read by id narrows by kind, then by status', async () => {
    const request = await client.getCheckRequest('creq_x');
    expectTypeOf(request).toEqualTypeOf<WithRequestId<CheckRequest>>();
    if (request.status === 'waiting') {
      expectTypeOf(request.ended_at).toEqualTypeOf<null>();
      // Never a succeeded check: one that succeeds makes the request submitted.
      expectTypeOf(request.check).toEqualTypeOf<PendingCheck | FailedCheck | null>();
    }
    if (request.kind === 'immigration_status') {
      expectTypeOf(request.job_title).toEqualTypeOf<string>();
      if (request.status === 'submitted' && !request.check.result_expired) {
        expectTypeOf(request.check.result).toEqualTypeOf<ImmigrationStatusResult>();
        expectTypeOf(request.check.result.valid_until).toEqualTypeOf<string | null>();
      }
    }
    if (request.kind === 'right_to_rent' && request.status === 'submitted' && !request.check.result_expired)
      expectTypeOf(request.check.result).toEqualTypeOf<RightToRentResult>();
  });

  it('CheckRequestOf<K> is the requests of one kind; a page lists any', async () => {
    expectTypeOf<CheckRequestOf<'right_to_rent'>['kind']>().toEqualTypeOf<'right_to_rent'>();
    const page = await client.listCheckRequests({ status: 'waiting', limit: 50 });
    expectTypeOf(page.data).toEqualTypeOf<CheckRequest[]>();
    expectTypeOf(page.next_cursor).toEqualTypeOf<string | null>();
    // @ts-expect-error not a status
    void client.listCheckRequests({ status: 'open' });
    const cancelled = await client.cancelCheckRequest('creq_x');
    expectTypeOf(cancelled).toEqualTypeOf<WithRequestId<CheckRequest>>();
  });

  it('a check made from a request may carry its id', async () => {
    const record = await client.getCheck('chk_x');
    expectTypeOf(record.check_request_id).toEqualTypeOf<string | undefined>();
  });

  it('webhook events about requests narrow by type', () => {
    const event = {} as WebhookEvent;
    if (event.type === 'check_request.locked') {
      expectTypeOf(event.data.status).toEqualTypeOf<'locked'>();
      expectTypeOf(event.data.check).toEqualTypeOf<FailedCheck | null>();
    }
    if (event.type === 'check_request.expired') expectTypeOf(event.data.status).toEqualTypeOf<'expired'>();
    if (event.type === 'check.succeeded') expectTypeOf(event.data.result).toEqualTypeOf<CheckResult>();
  });
});
