// The public surface of @sharecode/sdk and @sharecode/core, as built, matches the checked-in API
// reports (packages/<pkg>/api/*.api.md): a change of any entry is a visible diff, made on purpose
// with `npm run api:update`.
import { describe, expect, it } from 'vitest';
import { apiReports } from '../scripts/api-report.mjs';

describe('API reports', () => {
  // api-extractor reads each entry's .d.ts with its own TypeScript: seconds per entry.
  it('every published entry matches its report (`npm run api:update` after a deliberate change)', {
    timeout: 180_000,
  }, () => {
    expect(apiReports()).toEqual([]);
  });
});
