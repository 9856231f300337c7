import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CHECK_ID, sandboxTestEventRecord } from '../src/sandbox/index.js';
import { NOW } from './sandbox-bodies.js';

describe('sandboxTestEventRecord', () => {
  it('is a succeeded test-mode WACPT0001 check for Sandbox Ltd', async () => {
    const record = await sandboxTestEventRecord(NOW);
    expect(record).toMatchObject({
      id: `chk_${'0'.repeat(32)}`,
      status: 'succeeded',
      mode: 'test',
      attempts: 1,
      error: null,
      result_expired: false,
      client_reference: null,
      callback_url: null,
      created_at: NOW.toISOString(),
      completed_at: NOW.toISOString(),
      result_expires_at: '2026-03-22T10:20:30.000Z',
    });
    expect(record.id).toBe(SANDBOX_TEST_CHECK_ID);
    expect(record.result).toMatchObject({
      title: 'Right to work',
      outcome: 'ACCEPTED',
      share_code: 'WACPT0001',
      name: 'PRIYA ANJALI SHARMA',
      date_of_birth: '1990-01-01',
    });
  });

  it('is the same for the same clock', async () => {
    expect(await sandboxTestEventRecord(NOW)).toEqual(await sandboxTestEventRecord(NOW));
  });
});
