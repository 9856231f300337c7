import { describe, expect, it } from 'vitest';
import type { KindHealth } from '../health/portal-health.js';
import { healthSentences, portalHealthSection } from './portal-health-words.js';

const quiet: KindHealth = {
  lastSuccessAt: null,
  lastUnrecognised: null,
  unrecognisedPages: [],
  lastHour: { checks: 0, upstreamUnexpected: 0, upstreamUnexpectedRate: null },
};

describe('portal health in words', () => {
  it('says what happened, and what an unrecognised page means for checks', () => {
    expect(healthSentences(quiet)).toEqual([
      'No live check has succeeded yet.',
      'No live check reached the government portal in the last hour.',
      'Every portal page met so far was recognised.',
    ]);
    const troubled: KindHealth = {
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastUnrecognised: {
        at: '2026-11-23T10:05:00.000Z',
        fingerprint: {
          id: '1c6a83052389cb69',
          step: 'result',
          host: 'right-to-work.service.gov.uk',
          path: '/rtw-view/profile',
          headings: [],
          fields: [],
          buttons: [],
        },
      },
      unrecognisedPages: [{ id: '1c6a83052389cb69', count: 3, lastAt: '2026-11-23T10:05:00.000Z' }],
      lastHour: { checks: 8, upstreamUnexpected: 3, upstreamUnexpectedRate: 0.375 },
    };
    expect(healthSentences(troubled)).toEqual([
      'The last successful live check was at 2026-11-23 10:00 UTC.',
      'In the last hour 3 of 8 live checks (38%) failed because the government portal showed a page the service did not expect.',
      'The portal last showed a page the service does not recognise at 2026-11-23 10:05 UTC (page 1c6a83052389cb69 on right-to-work.service.gov.uk/rtw-view/profile). The operator has been told; checks that meet this page fail with UPSTREAM_UNEXPECTED until the service is updated.',
    ]);
    const section = String(
      portalHealthSection({ right_to_work: troubled, right_to_rent: quiet, immigration_status: quiet }),
    );
    expect(section).toContain('<h2 id="portal-health">Government portals</h2>');
    expect(section).toContain('<h3>Immigration status</h3>');
    expect(portalHealthSection(null)).toBe('');
  });
});
