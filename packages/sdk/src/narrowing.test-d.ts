// Type-level checks: records narrow by status and by kind, results carry every documented field.
import { describe, expectTypeOf, it } from 'vitest';
import type { ShareCodeClient } from './client.js';
import type { WithRequestId } from './request-id.js';
import type {
  CheckError,
  CheckRecord,
  CheckResult,
  ImmigrationStatusResult,
  RightToRentResult,
  RightToWorkResult,
  WebhookEvent,
} from './types.js';
import type { FinishedCheck } from './wait-for-check.js';

declare const client: ShareCodeClient;
const rtw = { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' };

describe('check records narrow', () => {
  it('by status: succeeded carries a non-null result, failed a non-null error', async () => {
    const finished = await client.waitForCheck('chk_x');
    expectTypeOf(finished).toEqualTypeOf<FinishedCheck<CheckResult>>();
    if (finished.status === 'succeeded') {
      expectTypeOf(finished.result).toEqualTypeOf<CheckResult>();
      expectTypeOf(finished.error).toEqualTypeOf<null>();
    } else {
      expectTypeOf(finished.status).toEqualTypeOf<'failed'>();
      expectTypeOf(finished.error).toEqualTypeOf<CheckError>();
      expectTypeOf(finished.result).toEqualTypeOf<null>();
    }
  });

  it('a record read by id: pending, expired and failed carry no result', async () => {
    const record = await client.getCheck('chk_x');
    expectTypeOf(record).toEqualTypeOf<WithRequestId<CheckRecord>>();
    if (record.status === 'queued' || record.status === 'running')
      expectTypeOf(record.result).toEqualTypeOf<null>();
    if (record.status === 'succeeded' && !record.result_expired) {
      expectTypeOf(record.result).toEqualTypeOf<CheckResult>();
    }
    if (record.status === 'succeeded' && record.result_expired)
      expectTypeOf(record.result).toEqualTypeOf<null>();
    if (record.status === 'failed') expectTypeOf(record.error.code).toBeString();
  });

  it('by kind: a create returns a record of its kind and waitForCheck keeps it', async () => {
    const created = await client.createRightToWorkCheck(rtw);
    expectTypeOf(created.check).toEqualTypeOf<CheckRecord<RightToWorkResult>>();
    const finished = await client.waitForCheck(created.check);
    if (finished.status === 'succeeded') {
      expectTypeOf(finished.result).toEqualTypeOf<RightToWorkResult>();
      expectTypeOf(finished.result.expiry_date).toEqualTypeOf<string | null>();
    }
    const rent = await client.createRightToRentCheck({
      share_code: 'RACPT0001',
      date_of_birth: '1990-01-01',
      checker_name: 'Jo Bloggs',
      checker_type: 'landlord',
    });
    const rentFinished = await client.waitForCheck(rent.check);
    if (rentFinished.status === 'succeeded') {
      expectTypeOf(rentFinished.result).toEqualTypeOf<RightToRentResult>();
      expectTypeOf(rentFinished.result.recheck_date).toEqualTypeOf<string | null>();
    }
    const status = await client.createImmigrationStatusCheck({
      share_code: 'SACPT0001',
      date_of_birth: '1990-01-01',
      company_name: 'Acme Ltd',
      job_title: 'Analyst',
      purpose: 'travel',
    });
    expectTypeOf(status.check).toEqualTypeOf<CheckRecord<ImmigrationStatusResult>>();
  });

  it('a result read by id narrows by its title', async () => {
    const finished = await client.waitForCheck('chk_x');
    if (finished.status !== 'succeeded') return;
    const { result } = finished;
    if (result.title === 'Right to rent') expectTypeOf(result).toEqualTypeOf<RightToRentResult>();
    else if (result.title === 'Immigration status')
      expectTypeOf(result).toEqualTypeOf<ImmigrationStatusResult>();
    else expectTypeOf(result).toEqualTypeOf<RightToWorkResult>();
  });

  it('webhook events narrow by type', () => {
    const event = {} as WebhookEvent;
    if (event.type === 'check.succeeded') expectTypeOf(event.data.result).toEqualTypeOf<CheckResult>();
    if (event.type === 'check.failed') expectTypeOf(event.data.error).toEqualTypeOf<CheckError>();
    if (event.type === 'check.test') expectTypeOf(event.data.result).toEqualTypeOf<RightToWorkResult>();
  });
});

describe('results carry every documented field', () => {
  it('optional contract fields are present and null-able, never undefined', async () => {
    const result = await client.checkRightToWork(rtw);
    expectTypeOf(result.expiry_date).toEqualTypeOf<string | null>();
    expectTypeOf(result).toHaveProperty('nationality').toEqualTypeOf<string | null>();
    expectTypeOf(result).toHaveProperty('photo_data_url').toEqualTypeOf<string | null>();
    expectTypeOf<undefined extends RightToWorkResult['expiry_date'] ? true : false>().toEqualTypeOf<false>();
  });
});
