import type { CheckKind } from '../check-kind.js';

/** Colours of the synthetic portrait, as [r, g, b]. */
export interface PortraitPalette {
  background: readonly [number, number, number];
  skin: readonly [number, number, number];
  hair: readonly [number, number, number];
  clothes: readonly [number, number, number];
  shirt: readonly [number, number, number];
}

export type PermissionTerm = 'time_limited' | 'no_time_limit' | 'none';

/** A sandbox person: what the portal would hold about them. Fictional; times are relative to the check. */
export interface SandboxPerson {
  id: 'ACPT0001' | 'ACPT0002' | 'NOEX0001' | 'REJT0001';
  /** As the portal shows it: capitals. */
  name: string;
  nationality: string;
  term: PermissionTerm;
  /** Right-to-work and right-to-rent wording of the permission; null when there is none. */
  permissionType: string | null;
  /** Years before the check that the permission started; null when there is none. */
  startedYearsAgo: number | null;
  conditions: readonly string[];
  restrictions: readonly string[];
  /** Immigration-status view; null when the immigration-status service would not find them. */
  immigration: {
    status: string;
    activities: readonly string[];
    restrictions: readonly string[];
  } | null;
  /** Stable reference core; each service adds its own prefix. */
  referenceCore: string;
  portrait: PortraitPalette;
}

const NO_PUBLIC_FUNDS =
  'They cannot get most benefits, tax credits or housing assistance paid by the state (no recourse to public funds).';

export const SANDBOX_PEOPLE: Readonly<Record<SandboxPerson['id'], SandboxPerson>> = {
  ACPT0001: {
    id: 'ACPT0001',
    name: 'PRIYA ANJALI SHARMA',
    nationality: 'Indian',
    term: 'time_limited',
    permissionType: 'Skilled Worker',
    startedYearsAgo: 1,
    conditions: [
      'They must work for the employer who sponsored them.',
      'They can only work in the job they are sponsored for as their main job.',
      'They can work overtime in the job they are sponsored for, subject to the working time regulations.',
      "They can do voluntary work that is unpaid and doesn't involve working for an employer.",
    ],
    restrictions: ['They cannot work as a professional sportsperson or sports coach.'],
    immigration: {
      status: 'Skilled Worker',
      activities: [
        'They can work in the job they are sponsored for, for the employer who sponsored them.',
        'They can rent a home in the UK.',
        'They can study in the UK.',
        'They can use the National Health Service (NHS).',
      ],
      restrictions: [NO_PUBLIC_FUNDS],
    },
    referenceCore: 'K7Q2M9A-TP',
    portrait: {
      background: [200, 220, 240],
      skin: [176, 124, 88],
      hair: [30, 22, 20],
      clothes: [28, 46, 92],
      shirt: [245, 245, 245],
    },
  },
  ACPT0002: {
    id: 'ACPT0002',
    name: 'WEI CHEN',
    nationality: 'Chinese',
    term: 'time_limited',
    permissionType: 'Student',
    startedYearsAgo: 1,
    conditions: [
      'They can work up to 20 hours a week during term time.',
      "They can work full time during their sponsor's official vacation periods.",
      'They can also work on a placement which is part of the course their student visa is based on.',
    ],
    restrictions: [
      'They cannot be self-employed.',
      'They cannot work as a professional sportsperson or sports coach.',
      'They cannot work as an entertainer.',
    ],
    immigration: {
      status: 'Student',
      activities: [
        'They can study at the university or college that sponsored them.',
        'They can work up to 20 hours a week during term time and full time during vacations.',
        'They can rent a home in the UK.',
        'They can use the National Health Service (NHS).',
      ],
      restrictions: [NO_PUBLIC_FUNDS, 'They cannot be self-employed.'],
    },
    referenceCore: 'S4T8D1C-WN',
    portrait: {
      background: [214, 236, 206],
      skin: [236, 200, 164],
      hair: [20, 20, 24],
      clothes: [122, 30, 48],
      shirt: [250, 240, 210],
    },
  },
  NOEX0001: {
    id: 'NOEX0001',
    name: 'ANNA MARIA KOWALSKA',
    nationality: 'Polish',
    term: 'no_time_limit',
    permissionType: 'Settled status',
    startedYearsAgo: 5,
    conditions: [],
    restrictions: [],
    immigration: {
      status: 'Settled status',
      activities: [
        'They can live in the UK with no time limit.',
        'They can work in the UK.',
        'They can study in the UK.',
        'They can rent a home in the UK.',
        'They can use the National Health Service (NHS).',
        'They can apply for benefits if they meet the eligibility requirements.',
      ],
      restrictions: [],
    },
    referenceCore: 'N2X6B3E-LS',
    portrait: {
      background: [226, 226, 230],
      skin: [244, 214, 190],
      hair: [214, 176, 96],
      clothes: [22, 122, 120],
      shirt: [255, 255, 255],
    },
  },
  REJT0001: {
    id: 'REJT0001',
    name: 'DANIEL KOFI MENSAH',
    nationality: 'Ghanaian',
    term: 'none',
    permissionType: null,
    startedYearsAgo: null,
    conditions: [],
    restrictions: [],
    immigration: null,
    referenceCore: 'R9J5H7F-DM',
    portrait: {
      background: [240, 228, 204],
      skin: [104, 70, 50],
      hair: [18, 14, 12],
      clothes: [96, 96, 104],
      shirt: [200, 220, 240],
    },
  },
};

const REFERENCE_PREFIX: Readonly<Record<CheckKind, string>> = {
  right_to_work: 'WE',
  right_to_rent: 'RE',
  immigration_status: 'SE',
};

/** The person's reference on one service, shaped like the right-to-work `WE-XXXXXXX-XX`. */
export function sandboxReference(person: SandboxPerson, kind: CheckKind): string {
  return `${REFERENCE_PREFIX[kind]}-${person.referenceCore}`;
}
