import { checkError, fail } from '@sharecode/core';
import { type CheckRequestState, cancelDecision } from '@sharecode/core/check-requests';
import { describe, expect, it } from 'vitest';
import type { StoredCheckRequest } from '../requests/request-ports.js';
import { checkRequestsSection } from './check-requests-section.js';
import { CHECKING_MESSAGE, createDashboardCheckRequests } from './dashboard-check-requests.js';

const NOW = new Date('2026-11-28T10:00:00Z');

function stored(id: string, checkPending: boolean): StoredCheckRequest {
  const state = {
    id,
    kind: 'right_to_work',
    mode: 'test',
    status: 'waiting',
    checker: { company_name: 'Acme Ltd' },
    client_reference: null,
    callback_url: null,
    applicant_email: null,
    applicant_email_status: null,
    failed_attempts: 0,
    expires_at: new Date('2026-12-12T10:00:00Z'),
    created_at: NOW,
    ended_at: null,
    check_pending: checkPending,
  } as CheckRequestState;
  return { state } as StoredCheckRequest;
}

const IDLE = `creq_${'A'.repeat(32)}`;
const CHECKING = `creq_${'B'.repeat(32)}`;

describe('the dashboard while a check of the details is pending', () => {
  const rows = [stored(IDLE, false), stored(CHECKING, true)];
  const dashboard = createDashboardCheckRequests({
    repo: { list: async () => rows },
    // The API's rule, as manage-requests applies it.
    cancel: async (_key, id) => {
      const found = rows.find((r) => r.state.id === id);
      if (!found) return fail(checkError('CHECK_REQUEST_NOT_FOUND'));
      const decision = cancelDecision(found.state, NOW);
      return typeof decision === 'string' ? fail(checkError('INTERNAL')) : fail(decision);
    },
    clock: () => NOW,
  });

  it('hides Cancel for a request whose check is pending, and says why', async () => {
    const listed = await dashboard.list('acct', 'test');
    expect(listed.map((r) => r.checkPending)).toEqual([false, true]);
    const html = String(checkRequestsSection('test', 'csrf', listed));
    expect(html).toContain(`/dashboard/test/check-requests/${IDLE}/cancel`);
    expect(html).not.toContain(`/dashboard/test/check-requests/${CHECKING}/cancel`);
    expect(html).toContain('Checking the details');
  });

  it('answers a cancel posted then with a sentence in the dashboard’s terms', async () => {
    expect(await dashboard.cancel('acct', 'test', CHECKING)).toEqual(fail(CHECKING_MESSAGE));
    expect(CHECKING_MESSAGE).toMatch(/Reload this page/);
  });
});
