import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, resolveSettings } from './settings.js';

describe('resolveSettings', () => {
  it('fills defaults: 5 failures, 90 days, 1800 s sessions', () => {
    expect(resolveSettings({})).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS).toMatchObject({
      lockoutFailures: 5,
      shareCodeValidityDays: 90,
      sessionTimeoutSeconds: 1800,
    });
  });

  it('names each bad setting', () => {
    const result = resolveSettings({
      lockoutFailures: 0,
      purposeValues: 'value',
      rightToWorkInterstitial: 'yes',
    });
    expect(result.ok ? [] : result.error).toEqual([
      'lockoutFailures must be a whole number, 1 or more',
      'rightToWorkInterstitial must be true or false',
      'purposeValues must be "label" or "enum"',
    ]);
  });
});
