import { fail, type Outcome, ok } from '@sharecode/core';

/** Behaviour the real services are unknown on, so each is a setting (see README "Unknowns"). */
export interface SimSettings {
  /** Failed lookups (not found, date of birth mismatch) that lock a share code. Default 5. */
  readonly lockoutFailures: number;
  /** How long a locked code stays locked. Default 86400 (24 hours). */
  readonly lockoutSeconds: number;
  /** Days a share code stays valid after it is created. Default 90 (it was 30 before 2022). */
  readonly shareCodeValidityDays: number;
  /** Idle seconds before a session times out. Default 1800, the value seen on view-immigration-status. */
  readonly sessionTimeoutSeconds: number;
  /** Seconds before the timeout that view-immigration-status warns ("You will be signed out soon"). Default 300. */
  readonly sessionWarningSeconds: number;
  /** Right to work: show the historic "Start now" page (`#get-started > a`) after the date of birth. Default false. */
  readonly rightToWorkInterstitial: boolean;
  /** Right to rent: checker name and landlord-or-agent on one page, or two pages (type first). Default "combined". */
  readonly rightToRentCheckerPages: 'combined' | 'separate';
  /**
   * Immigration status: the purpose radios' `value` is the label text (default: the evidence
   * table's high-confidence reading of visa_website, which selects by it) or the enum ("TRAVEL",
   * eVisaFlow's mocks).
   */
  readonly purposeValues: 'enum' | 'label';
  /** Cookie banners on the gov.uk start pages and the right-to-work and right-to-rent services. Default true. */
  readonly cookieBanners: boolean;
}

export const DEFAULT_SETTINGS: SimSettings = {
  lockoutFailures: 5,
  lockoutSeconds: 86_400,
  shareCodeValidityDays: 90,
  sessionTimeoutSeconds: 1800,
  sessionWarningSeconds: 300,
  rightToWorkInterstitial: false,
  rightToRentCheckerPages: 'combined',
  purposeValues: 'label',
  cookieBanners: true,
};

const wholeNumber = (v: unknown, min: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min;

/** Fills defaults and checks each given setting; every problem says what to give instead. */
export function resolveSettings(
  given: Partial<Record<keyof SimSettings, unknown>>,
): Outcome<SimSettings, string[]> {
  const problems: string[] = [];
  const pick = <K extends keyof SimSettings>(
    key: K,
    valid: (v: unknown) => boolean,
    expected: string,
  ): SimSettings[K] => {
    const value = given[key];
    if (value === undefined) return DEFAULT_SETTINGS[key];
    if (valid(value)) return value as SimSettings[K];
    problems.push(`${key} must be ${expected}`);
    return DEFAULT_SETTINGS[key];
  };
  const settings: SimSettings = {
    lockoutFailures: pick('lockoutFailures', (v) => wholeNumber(v, 1), 'a whole number, 1 or more'),
    lockoutSeconds: pick('lockoutSeconds', (v) => wholeNumber(v, 0), 'a whole number of seconds, 0 or more'),
    shareCodeValidityDays: pick(
      'shareCodeValidityDays',
      (v) => wholeNumber(v, 0),
      'a whole number of days, 0 or more',
    ),
    sessionTimeoutSeconds: pick(
      'sessionTimeoutSeconds',
      (v) => wholeNumber(v, 0),
      'a whole number of seconds, 0 or more',
    ),
    sessionWarningSeconds: pick(
      'sessionWarningSeconds',
      (v) => wholeNumber(v, 0),
      'a whole number of seconds, 0 or more',
    ),
    rightToWorkInterstitial: pick('rightToWorkInterstitial', (v) => typeof v === 'boolean', 'true or false'),
    rightToRentCheckerPages: pick(
      'rightToRentCheckerPages',
      (v) => v === 'combined' || v === 'separate',
      '"combined" or "separate"',
    ),
    purposeValues: pick('purposeValues', (v) => v === 'enum' || v === 'label', '"label" or "enum"'),
    cookieBanners: pick('cookieBanners', (v) => typeof v === 'boolean', 'true or false'),
  };
  return problems.length > 0 ? fail(problems) : ok(settings);
}
