import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import type { CheckKind, CheckResult, ErrorCode } from '../src/index.js';
import { CHECK_KINDS, checkError, retryDecision } from '../src/index.js';
import {
  runSandboxCheck,
  SANDBOX_DATE_OF_BIRTH,
  SANDBOX_SCENARIOS,
  SANDBOX_UPGRADE_URL,
  sandboxShareCode,
} from '../src/sandbox/index.js';
import { clearPdfCache } from '../src/sandbox/pdf.js';
import { unknownSandboxCodeError } from '../src/sandbox/run-sandbox-check.js';
import { bytesOfDataUrl, pdfText } from './pdf-text.js';
import { NOW, validated } from './sandbox-bodies.js';

type Expected = { result: 'ACCEPTED' | 'REJECTED'; person: string } | { error: ErrorCode };

// The table, written out again so the scenarios are checked against it, not against themselves.
const SYNC: Record<string, Expected> = {
  ACPT0001: { result: 'ACCEPTED', person: 'PRIYA ANJALI SHARMA' },
  ACPT0002: { result: 'ACCEPTED', person: 'WEI CHEN' },
  NOEX0001: { result: 'ACCEPTED', person: 'ANNA MARIA KOWALSKA' },
  REJT0001: { result: 'REJECTED', person: 'DANIEL KOFI MENSAH' },
  NFND0001: { error: 'NOT_FOUND' },
  TIME0001: { error: 'TIMEOUT' },
  BUSY0001: { error: 'BUSY' },
  UPEX0001: { error: 'UPSTREAM_UNEXPECTED' },
  FAIL0001: { error: 'INTERNAL' },
  // Issue 36: the answers the service gives before any run.
  RATE0001: { error: 'RATE_LIMITED' },
  QUOT0001: { error: 'QUOTA_EXCEEDED' },
  PAYR0001: { error: 'PAYMENT_REQUIRED' },
  RTRY0001: { error: 'UPSTREAM_UNEXPECTED' },
  RTRY0002: { error: 'TIMEOUT' },
};

const STATUS: Record<string, number> = {
  NOT_FOUND: 404,
  TIMEOUT: 504,
  BUSY: 503,
  UPSTREAM_UNEXPECTED: 502,
  INTERNAL: 500,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 402,
  PAYMENT_REQUIRED: 402,
};

function syncExpectation(kind: CheckKind, suffix: string): Expected {
  // An immigration-status result is always ACCEPTED, so there is no SREJT0001.
  if (kind === 'immigration_status' && suffix === 'REJT0001') return { error: 'NOT_FOUND' };
  const expected = SYNC[suffix];
  if (!expected) throw new Error(`no expectation for ${suffix}`);
  return expected;
}

async function expectEvidence(result: CheckResult, company: string): Promise<void> {
  if (!result.photo_data_url || !result.pdf_data_url) throw new Error('photo and PDF expected');
  const photo = jpeg.decode(bytesOfDataUrl(result.photo_data_url, 'image/jpeg'), { useTArray: true });
  expect([photo.width, photo.height]).toEqual([160, 200]);
  const { lines, doc } = await pdfText(bytesOfDataUrl(result.pdf_data_url, 'application/pdf'));
  // Long values wrap over several lines: compare with the lines joined by spaces.
  const text = lines.join(' ');
  expect(text).toContain(result.name);
  expect(text).toContain(SANDBOX_DATE_OF_BIRTH);
  expect(text).toContain('15 March 2026'); // date of check
  expect(text).toContain(company);
  if (result.reference) expect(text).toContain(result.reference);
  if (result.title === 'Immigration status') {
    expect(text).toContain(result.status);
    expect(text).toContain(result.purpose);
  } else {
    expect(text).toContain(result.outcome);
  }
  for (const condition of result.title === 'Immigration status' ? result.activities : result.conditions) {
    expect(text).toContain(condition);
  }
  expect(doc.getTitle()).toContain(result.name);
}

describe.each(CHECK_KINDS)('sandbox, %s, synchronous', (kind) => {
  const company =
    kind === 'right_to_rent'
      ? 'Jane Landlord'
      : kind === 'immigration_status'
        ? 'Big Bank plc, Leeds branch'
        : 'Acme Widgets Ltd';

  it.each(SANDBOX_SCENARIOS.map((s) => s.suffix))('%s answers as the table says', async (suffix) => {
    const code = sandboxShareCode(kind, suffix);
    const outcome = await runSandboxCheck(validated(kind, code), { attempt: 1, now: NOW });
    const expected = syncExpectation(kind, suffix);
    if ('error' in expected) {
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.code).toBe(expected.error);
      expect(outcome.error.status).toBe(STATUS[expected.error]);
      // SREJT0001 is no scenario: a test key's unknown code says so (unknownSandboxCodeError).
      expect(outcome.error.message).toBe(
        kind === 'immigration_status' && suffix === 'REJT0001'
          ? unknownSandboxCodeError(kind).message
          : checkError(expected.error).message,
      );
      if (expected.error === 'BUSY' || expected.error === 'RATE_LIMITED')
        expect(outcome.error.retryAfter).toBe(1);
      else expect(outcome.error.retryAfter).toBeUndefined();
      if (STATUS[expected.error] === 402) expect(outcome.error.upgradeUrl).toBe(SANDBOX_UPGRADE_URL);
      else expect(outcome.error.upgradeUrl).toBeUndefined();
      return;
    }
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const result = outcome.value;
    expect(result.title).toBe(
      {
        right_to_work: 'Right to work',
        right_to_rent: 'Right to rent',
        immigration_status: 'Immigration status',
      }[kind],
    );
    expect(result.outcome).toBe(expected.result);
    expect(result.name).toBe(expected.person);
    expect(result.share_code).toBe(code);
    expect(result.date_of_birth).toBe(SANDBOX_DATE_OF_BIRTH);
    expect(result.checked_at).toBe(NOW.toISOString());
    await expectEvidence(result, company);
  });

  it('answers DOB_MISMATCH for any other date of birth of a found person', async () => {
    for (const suffix of ['ACPT0001', 'NOEX0001']) {
      const outcome = await runSandboxCheck(validated(kind, sandboxShareCode(kind, suffix), '1990-01-02'), {
        attempt: 1,
        now: NOW,
      });
      expect(outcome.ok ? 'ok' : outcome.error.code).toBe('DOB_MISMATCH');
    }
  });

  it('answers NOT_FOUND for codes not in the table, whatever the date of birth', async () => {
    for (const suffix of ['ZZZZ9999', 'ACPT0003', 'ACPT000I']) {
      const outcome = await runSandboxCheck(validated(kind, sandboxShareCode(kind, suffix), '1985-05-05'), {
        attempt: 1,
        now: NOW,
      });
      expect(outcome.ok ? 'ok' : outcome.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('sandbox result details', () => {
  it('right to work: time-limited sponsor, student, settled and rejected', async () => {
    const run = async (suffix: string) => {
      const outcome = await runSandboxCheck(validated('right_to_work', `W${suffix}`), {
        attempt: 1,
        now: NOW,
      });
      if (!outcome.ok || outcome.value.title !== 'Right to work')
        throw new Error('expected a right-to-work result');
      return outcome.value;
    };
    const sponsor = await run('ACPT0001');
    expect(sponsor).toMatchObject({
      expiry_date: '2027-03-15',
      start_date: '2025-03-15',
      permission_type: 'Skilled Worker',
    });
    expect(sponsor.conditions.join(' ')).toContain('employer who sponsored them');
    const student = await run('ACPT0002');
    expect(student.expiry_date).toBe('2027-03-15');
    expect(student.conditions.join(' ')).toContain('20 hours a week during term time');
    const settled = await run('NOEX0001');
    expect(settled).toMatchObject({ expiry_date: null, conditions: [], restrictions: [] });
    const rejected = await run('REJT0001');
    expect(rejected).toMatchObject({
      outcome: 'REJECTED',
      permission_type: null,
      start_date: null,
      expiry_date: null,
    });
  });

  it('right to rent: details, recheck date and the checker echoed', async () => {
    const run = async (suffix: string) => {
      const outcome = await runSandboxCheck(validated('right_to_rent', `R${suffix}`), {
        attempt: 1,
        now: NOW,
      });
      if (!outcome.ok || outcome.value.title !== 'Right to rent')
        throw new Error('expected a right-to-rent result');
      return outcome.value;
    };
    const limited = await run('ACPT0001');
    expect(limited).toMatchObject({
      recheck_date: '2027-03-15',
      company_name: 'Jane Landlord',
      check_date: '2026-03-15',
    });
    expect(limited.details).toContain('time-limited right to rent');
    const unlimited = await run('NOEX0001');
    expect(unlimited).toMatchObject({ recheck_date: null });
    expect(unlimited.details).toContain('unlimited right to rent');
    const none = await run('REJT0001');
    expect(none).toMatchObject({ outcome: 'REJECTED', recheck_date: null });
  });

  it('immigration status: status, validity, activities and the portal wording of the purpose', async () => {
    const outcome = await runSandboxCheck(validated('immigration_status', 'SNOEX0001'), {
      attempt: 1,
      now: NOW,
    });
    if (!outcome.ok || outcome.value.title !== 'Immigration status')
      throw new Error('expected a status result');
    expect(outcome.value).toMatchObject({
      outcome: 'ACCEPTED',
      status: 'Settled status',
      valid_from: '2021-03-15',
      valid_until: null,
      company_name: 'Big Bank plc, Leeds branch',
      job_title: 'Account opening officer',
      purpose:
        'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
      check_date: '2026-03-15',
      restrictions: [],
    });
    const limited = await runSandboxCheck(validated('immigration_status', 'SACPT0001'), {
      attempt: 1,
      now: NOW,
    });
    expect(limited.ok && limited.value.title === 'Immigration status' && limited.value.valid_until).toBe(
      '2027-03-15',
    );
  });

  it('gives each person one stable reference per service', async () => {
    const references = new Set<string>();
    for (const kind of CHECK_KINDS) {
      const first = await runSandboxCheck(validated(kind, sandboxShareCode(kind, 'ACPT0001')), {
        attempt: 1,
        now: NOW,
      });
      const later = await runSandboxCheck(validated(kind, sandboxShareCode(kind, 'ACPT0001')), {
        attempt: 1,
        now: new Date('2027-01-01T00:00:00Z'),
      });
      if (!first.ok || !later.ok) throw new Error('expected results');
      expect(later.value.reference).toBe(first.value.reference);
      references.add(first.value.reference ?? '');
    }
    expect([...references]).toEqual(['WE-K7Q2M9A-TP', 'RE-K7Q2M9A-TP', 'SE-K7Q2M9A-TP']);
  });

  it('is deterministic for the same code, request and clock, photo and PDF bytes included', async () => {
    for (const kind of CHECK_KINDS) {
      const request = validated(kind, sandboxShareCode(kind, 'ACPT0002'));
      const first = await runSandboxCheck(request, { attempt: 1, now: NOW });
      clearPdfCache();
      const second = await runSandboxCheck(request, { attempt: 1, now: NOW });
      expect(second).toEqual(first);
      // Later the same day: same PDF (it carries the day only), a new checked_at.
      const later = await runSandboxCheck(request, { attempt: 1, now: new Date('2026-03-15T18:00:00Z') });
      if (!first.ok || !later.ok) throw new Error('expected results');
      expect(later.value.pdf_data_url).toBe(first.value.pdf_data_url);
      expect(later.value.checked_at).toBe('2026-03-15T18:00:00.000Z');
    }
  });

  it('changes the PDF with the request details and the day', async () => {
    const base = await runSandboxCheck(validated('right_to_work', 'WACPT0001'), { attempt: 1, now: NOW });
    const other = await runSandboxCheck(
      {
        kind: 'right_to_work',
        request: { share_code: 'WACPT0001', date_of_birth: SANDBOX_DATE_OF_BIRTH, company_name: 'Other Ltd' },
        async: null,
      },
      { attempt: 1, now: NOW },
    );
    const nextDay = await runSandboxCheck(validated('right_to_work', 'WACPT0001'), {
      attempt: 1,
      now: new Date('2026-03-16T10:20:30Z'),
    });
    if (!base.ok || !other.ok || !nextDay.ok) throw new Error('expected results');
    expect(other.value.pdf_data_url).not.toBe(base.value.pdf_data_url);
    expect(nextDay.value.pdf_data_url).not.toBe(base.value.pdf_data_url);
    expect(other.value.photo_data_url).toBe(base.value.photo_data_url);
  });
});

/** Runs an asynchronous sandbox check the way a worker does: attempts until success or no retry. */
async function runAsync(kind: CheckKind, code: string) {
  const request = validated(kind, code, undefined, true);
  const answers: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const outcome = await runSandboxCheck(request, { attempt, now: NOW });
    if (outcome.ok) {
      answers.push(outcome.value.outcome);
      return { answers, attempts: attempt, final: outcome };
    }
    answers.push(outcome.error.code);
    if (!retryDecision(outcome.error.code, attempt).retry)
      return { answers, attempts: attempt, final: outcome };
  }
}

describe.each(CHECK_KINDS)('sandbox, %s, asynchronous attempt sequences', (kind) => {
  const sequences: Record<string, string[]> = {
    ACPT0001: ['ACCEPTED'],
    ACPT0002: ['ACCEPTED'],
    NOEX0001: ['ACCEPTED'],
    REJT0001: kind === 'immigration_status' ? ['NOT_FOUND'] : ['REJECTED'],
    NFND0001: ['NOT_FOUND'],
    TIME0001: ['TIMEOUT', 'TIMEOUT', 'TIMEOUT'],
    BUSY0001: ['BUSY', 'BUSY', 'BUSY'],
    UPEX0001: ['UPSTREAM_UNEXPECTED', 'UPSTREAM_UNEXPECTED'],
    FAIL0001: ['INTERNAL', 'INTERNAL', 'INTERNAL'],
    RATE0001: ['RATE_LIMITED'],
    QUOT0001: ['QUOTA_EXCEEDED'],
    PAYR0001: ['PAYMENT_REQUIRED'],
    RTRY0001: ['UPSTREAM_UNEXPECTED', 'ACCEPTED'],
    RTRY0002: ['TIMEOUT', 'TIMEOUT', 'ACCEPTED'],
  };

  it.each(Object.entries(sequences))('%s runs %j', async (suffix, expected) => {
    const { answers, attempts } = await runAsync(kind, sandboxShareCode(kind, suffix));
    expect(answers).toEqual(expected);
    expect(attempts).toBe(expected.length);
  });

  it('a retried check succeeds as ACPT0001 with its own share code', async () => {
    for (const suffix of ['RTRY0001', 'RTRY0002']) {
      const { final } = await runAsync(kind, sandboxShareCode(kind, suffix));
      expect(final.ok).toBe(true);
      if (!final.ok) return;
      expect(final.value.name).toBe('PRIYA ANJALI SHARMA');
      expect(final.value.share_code).toBe(sandboxShareCode(kind, suffix));
    }
  });

  it('a retried check with the wrong date of birth ends DOB_MISMATCH on the successful attempt', async () => {
    const request = validated(kind, sandboxShareCode(kind, 'RTRY0001'), '1991-01-01', true);
    const first = await runSandboxCheck(request, { attempt: 1, now: NOW });
    const second = await runSandboxCheck(request, { attempt: 2, now: NOW });
    expect(first.ok ? 'ok' : first.error.code).toBe('UPSTREAM_UNEXPECTED');
    expect(second.ok ? 'ok' : second.error.code).toBe('DOB_MISMATCH');
  });
});
