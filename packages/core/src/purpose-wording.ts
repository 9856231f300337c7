import type { Purpose } from './contract.js';

// The labels of the purpose radios on view-immigration-status.service.gov.uk (research/portal.md 3.2);
// the portal records the chosen label, not our enum value.
const WORDING: Readonly<Record<Exclude<Purpose, 'other'>, string>> = {
  driving_licence: 'A driving licence',
  student_loan: 'A student loan',
  education_or_training: 'Education or training',
  health_insurance_card: 'A global or european health insurance card',
  personal_finance:
    'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
  homelessness_or_council_housing: 'Homelessness assistance or council housing',
  travel: 'Travel',
};

/**
 * The portal's wording of a purpose. For `other` the portal shows the reason the checker typed, so
 * that is returned as given.
 */
export function purposeWording(purpose: Purpose, otherPurpose?: string): string {
  if (purpose === 'other') return otherPurpose ?? 'Another reason';
  return WORDING[purpose];
}

/** The radio label for each purpose, `other` included, for drivers and simulators that pick by label. */
export const PURPOSE_LABELS: Readonly<Record<Purpose, string>> = {
  ...WORDING,
  other: 'Another reason',
};
