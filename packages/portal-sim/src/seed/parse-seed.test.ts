import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePaths } from '../util/package-paths.js';
import { parseSeed } from './parse-seed.js';

const valid = {
  kind: 'right_to_work',
  shareCode: 'w12 3ab c45',
  dateOfBirth: '1990-04-27',
  name: 'Jane Example Doe',
  nationality: 'Canadian',
  details: { outcome: 'permitted', expiryDate: '2027-01-31', conditions: ['They can work in any job.'] },
};

describe('parseSeed', () => {
  it('accepts a list or { people }, and normalises share codes', () => {
    const list = parseSeed([valid]);
    expect(list.ok && list.value[0]?.shareCode).toBe('W123ABC45');
    expect(parseSeed({ people: [valid] }).ok).toBe(true);
  });

  it('accepts the packaged default seed, with at least two people per kind', () => {
    const raw: unknown = JSON.parse(readFileSync(packagePaths().defaultSeed, 'utf8'));
    const parsed = parseSeed(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const kind of ['right_to_work', 'right_to_rent', 'immigration_status']) {
      expect(parsed.value.filter((p) => p.kind === kind).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('reports every problem by position, never by code or name', () => {
    const result = parseSeed([
      { ...valid, shareCode: 'R123ABC45' },
      { ...valid, dateOfBirth: '1990-02-30', name: '' },
      { kind: 'right_to_rent', shareCode: 'R1', details: { outcome: 'time_limited' } },
      { ...valid, shareCode: 'W12 3AB C45' },
      'nonsense',
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual([
      'people[0].shareCode: must start with "W" for a right_to_work person',
      'people[1].dateOfBirth: must be a real date written YYYY-MM-DD, for example 1990-04-27',
      'people[1].name: must be a non-empty string',
      'people[2].shareCode: must be 9 letters and digits (spaces allowed), for example "W12 3AB C45"',
      'people[2].dateOfBirth: is required: give a non-empty string',
      'people[2].name: is required: give a non-empty string',
      'people[2].nationality: is required: give a non-empty string',
      'people[2].details.expiryDate: is required: give a non-empty string',
      'people[4]: must be an object describing one person',
    ]);
    expect(result.error.join(' ')).not.toContain('Jane');
  });

  it('refuses duplicate codes and contradictory issue dates', () => {
    const dup = parseSeed([valid, { ...valid, shareCode: 'W123ABC45' }]);
    expect(dup.ok ? [] : dup.error).toEqual([
      'people[1].shareCode: is the same as people[0].shareCode: codes must be unique',
    ]);
    const both = parseSeed([{ ...valid, shareCodeIssued: '2026-01-01', shareCodeIssuedDaysAgo: 3 }]);
    expect(both.ok ? [] : both.error).toEqual([
      'people[0]: give shareCodeIssued or shareCodeIssuedDaysAgo, not both',
    ]);
  });

  it('refuses something that is not a list of people', () => {
    expect(parseSeed('x')).toEqual({
      ok: false,
      error: ['seed: must be a list of people, or an object { "people": [...] }'],
    });
  });
});
