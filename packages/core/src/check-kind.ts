/** The three kinds of check the service runs; the values are the wire values of the `check` field. */
export type CheckKind = 'right_to_work' | 'right_to_rent' | 'immigration_status';

export const CHECK_KINDS: readonly CheckKind[] = ['right_to_work', 'right_to_rent', 'immigration_status'];

export type ShareCodeLetter = 'W' | 'R' | 'S';

export interface KindInfo {
  kind: CheckKind;
  /** The result's `title`, as the portal shows it. */
  title: 'Right to work' | 'Right to rent' | 'Immigration status';
  /** Short name used in messages, e.g. "right-to-work". */
  label: string;
  /** First letter of the share codes issued for this purpose. */
  shareCodeLetter: ShareCodeLetter;
  syncPath: string;
  asyncPath: string;
  /** The `Location` of a queued check is this prefix followed by the check id. */
  locationPrefix: string;
}

const KINDS: Readonly<Record<CheckKind, KindInfo>> = {
  right_to_work: {
    kind: 'right_to_work',
    title: 'Right to work',
    label: 'right-to-work',
    shareCodeLetter: 'W',
    syncPath: '/api/check',
    asyncPath: '/api/check/async',
    locationPrefix: '/api/check/async/',
  },
  right_to_rent: {
    kind: 'right_to_rent',
    title: 'Right to rent',
    label: 'right-to-rent',
    shareCodeLetter: 'R',
    syncPath: '/api/check/right-to-rent',
    asyncPath: '/api/check/right-to-rent/async',
    locationPrefix: '/api/check/right-to-rent/async/',
  },
  immigration_status: {
    kind: 'immigration_status',
    title: 'Immigration status',
    label: 'immigration-status',
    shareCodeLetter: 'S',
    syncPath: '/api/check/immigration-status',
    asyncPath: '/api/check/immigration-status/async',
    locationPrefix: '/api/check/immigration-status/async/',
  },
};

export function kindInfo(kind: CheckKind): KindInfo {
  return KINDS[kind];
}

export function isCheckKind(value: unknown): value is CheckKind {
  return value === 'right_to_work' || value === 'right_to_rent' || value === 'immigration_status';
}

/** The kind whose share codes start with this letter, if any. */
export function kindOfShareCodeLetter(letter: string): CheckKind | undefined {
  return CHECK_KINDS.find((kind) => KINDS[kind].shareCodeLetter === letter);
}
