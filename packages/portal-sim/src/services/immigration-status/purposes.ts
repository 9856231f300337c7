/** The checker-purpose radios: ids `purpose-<ENUM>` and labels as captured from the live service. */
export interface Purpose {
  readonly key: string;
  readonly id: string;
  readonly label: string;
}

export const PURPOSES: readonly Purpose[] = [
  { key: 'DRIVING_LICENCE', id: 'purpose-DRIVING_LICENCE', label: 'A driving licence' },
  { key: 'STUDENT_LOAN', id: 'purpose-STUDENT_LOAN', label: 'A student loan' },
  { key: 'EDUCATION_OR_TRAINING', id: 'purpose-EDUCATION_OR_TRAINING', label: 'Education or training' },
  { key: 'TRAVEL', id: 'purpose-TRAVEL', label: 'Travel' },
  {
    key: 'GLOBAL_OR_EUROPEAN_HEALTH_CARD',
    id: 'purpose-GLOBAL_OR_EUROPEAN_HEALTH_CARD',
    label: 'A global or european health insurance card',
  },
  {
    key: 'PERSONAL_FINANCE',
    id: 'purpose-PERSONAL_FINANCE',
    label:
      'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
  },
  {
    key: 'HOMELESSNESS_OR_COUNCIL_HOUSING',
    id: 'purpose-HOMELESSNESS_OR_COUNCIL_HOUSING',
    label: 'Homelessness assistance or council housing',
  },
  { key: 'OTHER', id: 'purpose-other', label: 'For another reason' },
];

/** The radio `value`: the enum or the label text (the two sources disagree; see settings). */
export function purposeValue(purpose: Purpose, style: 'enum' | 'label'): string {
  return style === 'enum' ? purpose.key : purpose.label;
}

/** Finds the purpose a submitted value names, in either style. */
export function purposeFromValue(value: string | null): Purpose | undefined {
  if (value === null) return undefined;
  return PURPOSES.find((p) => p.key === value || p.label === value);
}
