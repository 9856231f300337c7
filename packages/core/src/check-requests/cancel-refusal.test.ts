import { describe, expect, it } from 'vitest';
import { cancelDecision } from './cancel-refusal.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const LATER = new Date('2026-12-12T10:00:00Z');

describe('cancelDecision', () => {
  it('cancels a waiting request with no check pending', () => {
    expect(cancelDecision({ status: 'waiting', expires_at: LATER, check_pending: false }, NOW)).toBe(
      'cancel',
    );
  });

  it('refuses with CHECK_REQUEST_CHECKING while a check of the details is queued or running', () => {
    const refusal = cancelDecision({ status: 'waiting', expires_at: LATER, check_pending: true }, NOW);
    expect(refusal).toMatchObject({ code: 'CHECK_REQUEST_CHECKING', status: 409 });
    expect(refusal).toHaveProperty(
      'message',
      "A check of the applicant's details is running right now: it ends within minutes. Read the request again; if it is still waiting then, cancel it.",
    );
  });

  it('refuses with CHECK_REQUEST_CHECKING past the expiry too: the pending check still decides', () => {
    const refusal = cancelDecision({ status: 'waiting', expires_at: NOW, check_pending: true }, LATER);
    expect(refusal).toMatchObject({ code: 'CHECK_REQUEST_CHECKING' });
  });

  it('leaves a cancelled request unchanged, and refuses an ended one with CHECK_REQUEST_CLOSED', () => {
    expect(cancelDecision({ status: 'cancelled', expires_at: LATER, check_pending: false }, NOW)).toBe(
      'unchanged',
    );
    for (const status of ['submitted', 'locked', 'expired'] as const) {
      expect(cancelDecision({ status, expires_at: LATER, check_pending: false }, NOW)).toMatchObject({
        code: 'CHECK_REQUEST_CLOSED',
      });
    }
    expect(cancelDecision({ status: 'waiting', expires_at: NOW, check_pending: false }, LATER)).toMatchObject(
      {
        code: 'CHECK_REQUEST_CLOSED',
      },
    );
  });
});
