import { describe, expect, it } from 'vitest';
import type { PageFingerprint } from './page-fingerprint.js';
import { createPortalHealth } from './portal-health.js';

const page = (id: string): PageFingerprint => ({
  id,
  step: 'share-code',
  host: 'right-to-work.service.gov.uk',
  path: '/rtw-view',
  headings: ['h1 Enter the share code'],
  fields: [],
  buttons: ['Continue'],
});

describe('createPortalHealth', () => {
  it("keeps the last success, the last unrecognised page, counts per fingerprint and the hour's rate", () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const warnings: object[] = [];
    const health = createPortalHealth(
      { info() {}, error() {}, warn: (fields) => warnings.push(fields) },
      () => now,
    );
    health.record('right_to_work', { code: null });
    health.record('right_to_work', { code: 'UPSTREAM_UNEXPECTED', fingerprint: page('a') });
    health.record('right_to_work', { code: 'UPSTREAM_UNEXPECTED', fingerprint: page('a') });
    health.record('right_to_work', { code: 'NOT_FOUND' });
    const report = health.report();
    expect(report.right_to_work).toEqual({
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastUnrecognised: { at: '2026-11-23T10:00:00.000Z', fingerprint: page('a') },
      unrecognisedPages: [{ id: 'a', count: 2, lastAt: '2026-11-23T10:00:00.000Z' }],
      lastHour: { checks: 4, upstreamUnexpected: 2, upstreamUnexpectedRate: 0.5 },
    });
    expect(report.right_to_rent.lastHour).toEqual({
      checks: 0,
      upstreamUnexpected: 0,
      upstreamUnexpectedRate: null,
    });
    expect(warnings).toHaveLength(1);

    now = new Date('2026-11-23T11:00:01Z');
    health.record('right_to_work', { code: null });
    expect(health.report().right_to_work.lastHour).toEqual({
      checks: 1,
      upstreamUnexpected: 0,
      upstreamUnexpectedRate: 0,
    });
  });
});
