import type { SimVariants } from '../variants.js';

/** The three services, named as the check kinds of the specification. */
export type CheckKind = 'right_to_work' | 'right_to_rent' | 'immigration_status';

export const CHECK_KINDS: readonly CheckKind[] = ['right_to_work', 'right_to_rent', 'immigration_status'];

/** A free-standing section of the result page, for example "Voluntary work". */
export interface ResultSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface RightToWorkDetails {
  /** `not_permitted` is the "no right to work" result. */
  readonly outcome: 'permitted' | 'not_permitted';
  readonly permissionType?: string;
  /** `YYYY-MM-DD`; when present the permission sentence reads "from ... until ...". */
  readonly startDate?: string;
  /** `YYYY-MM-DD`; absent means no time limit. */
  readonly expiryDate?: string;
  /** Sentences under "Conditions", for example "They must work for the employer who sponsored them." */
  readonly conditions?: readonly string[];
  /** Bullets under "They can:". */
  readonly activities?: readonly string[];
  /** Sentences under "Restrictions". */
  readonly restrictions?: readonly string[];
  readonly sections?: readonly ResultSection[];
}

export interface RightToRentDetails {
  readonly outcome: 'unlimited' | 'time_limited' | 'no_right';
  readonly permissionType?: string;
  readonly startDate?: string;
  /** `YYYY-MM-DD`; required for `time_limited`. */
  readonly expiryDate?: string;
  readonly conditions?: readonly string[];
  readonly restrictions?: readonly string[];
}

export interface ImmigrationStatusDetails {
  /** The status as the service words it, for example "Settled status (indefinite leave to remain)". */
  readonly status: string;
  readonly validFrom: string;
  /** Absent for a status with no end date. */
  readonly validUntil?: string;
  /** Bullets under "They can:". */
  readonly activities: readonly string[];
  /** Bullets under "Things they cannot do". */
  readonly restrictions: readonly string[];
}

interface PersonBase {
  /** 9 letters and digits; the first letter is the service's (W work, R rent, S status). */
  readonly shareCode: string;
  /** `YYYY-MM-DD`. */
  readonly dateOfBirth: string;
  /** As held by the service; pages print it in capitals. */
  readonly name: string;
  readonly nationality: string;
  /** `YYYY-MM-DD` the code was created; default: today (a fresh code). */
  readonly shareCodeIssued?: string;
  /** Alternative to `shareCodeIssued` that never goes stale: the code was created this many days ago. */
  readonly shareCodeIssuedDaysAgo?: number;
  /** Path to a JPEG, relative to the seed file; absent means a generated portrait. */
  readonly photo?: string;
  /** Variants this person's pages take, over the run's (run-only keys such as `signIn` are refused). */
  readonly variants?: Partial<SimVariants>;
}

export interface RightToWorkPerson extends PersonBase {
  readonly kind: 'right_to_work';
  readonly details: RightToWorkDetails;
}

export interface RightToRentPerson extends PersonBase {
  readonly kind: 'right_to_rent';
  readonly details: RightToRentDetails;
}

export interface ImmigrationStatusPerson extends PersonBase {
  readonly kind: 'immigration_status';
  readonly details: ImmigrationStatusDetails;
}

/** One person of the seed file. */
export type Person = RightToWorkPerson | RightToRentPerson | ImmigrationStatusPerson;

/** A person ready to serve: share code normalised and photo loaded. */
export type SimPerson = Person & {
  readonly photoJpeg: Uint8Array;
  readonly photoDataUrl: string;
};
