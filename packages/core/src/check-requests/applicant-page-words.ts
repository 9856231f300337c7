import type { CheckKind } from '../check-kind.js';
import { kindInfo } from '../check-kind.js';
import { MAX_FAILED_ATTEMPTS } from './request-rules.js';

/** The GOV.UK service an applicant gets each kind's share code from, and its start page. */
export const SHARE_CODE_SERVICES: Readonly<Record<CheckKind, { name: string; url: string; proves: string }>> =
  {
    right_to_work: {
      name: 'Prove your right to work to an employer',
      url: 'https://www.gov.uk/prove-right-to-work',
      proves: 'your right to work in the UK',
    },
    right_to_rent: {
      name: 'Prove your right to rent in England',
      url: 'https://www.gov.uk/prove-right-to-rent',
      proves: 'your right to rent in England',
    },
    immigration_status: {
      name: 'View and prove your immigration status',
      url: 'https://www.gov.uk/view-prove-immigration-status',
      proves: 'your immigration status in the UK',
    },
  };

/** The header's service name: the kind of check when the page knows it. */
export function serviceName(kind: CheckKind | null): string {
  return kind === null ? 'Share code check' : `${kindInfo(kind).title} check`;
}

/** An example share code of the kind, as the hint shows it. */
export function exampleShareCode(kind: CheckKind): string {
  return `${kindInfo(kind).shareCodeLetter}12 3AB C45`;
}

/** "You have 1 more try before this link stops working", or nothing while no attempt is spent. */
export function attemptsWords(left: number, max: number): string | null {
  if (left >= max || left <= 0) return null;
  return `You have ${left} more ${left === 1 ? 'try' : 'tries'} before this link stops working.`;
}

/** A wait in words, rounded up: "1 minute", "5 minutes", "2 hours". */
export function waitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "10:31am (UK time) on 12 December 2026", as GOV.UK writes a time and date, naming the zone. */
export function ukDateTime(at: Date): string {
  const parts = Object.fromEntries(LONDON_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  const period = String(parts.dayPeriod ?? '')
    .toLowerCase()
    .replace(/\./g, '');
  return `${parts.hour}:${parts.minute}${period} (UK time) on ${parts.day} ${parts.month} ${parts.year}`;
}

/** The warning at the top of every page of a test key's link: real applicants must not use it. */
export function testLinkWords(asker: string | null): string {
  const who = asker === null || asker === '' ? 'The person who sent it' : asker;
  return `This is a test link. Do not enter your real share code: ${who} is testing their system.`;
}

export type ClosedReason = 'submitted' | 'expired' | 'cancelled' | 'locked';

/** The heading and the sentences of a closed link's page, naming who asked when it is known. */
export function closedWords(
  reason: ClosedReason,
  asker: string | null,
): { heading: string; lines: string[] } {
  const askThem = asker === null ? 'Ask the person who sent you this link' : `Ask ${asker}`;
  switch (reason) {
    case 'submitted':
      return {
        heading: 'You have already used this link',
        lines: [
          `You have already sent your details${asker === null ? '' : ` to ${asker}`}. This link cannot be used again.`,
          'You can close this page.',
        ],
      };
    case 'expired':
      return {
        heading: 'This link has expired',
        lines: [
          'This link can no longer be used.',
          `${askThem} for a new link if they still need your details.`,
        ],
      };
    case 'cancelled':
      return {
        heading: 'This link has been cancelled',
        lines: [
          `${asker ?? 'The person who sent you this link'} cancelled this request, so this link cannot be used.`,
          `If ${asker ?? 'they'} ${asker === null ? 'have' : 'has'} sent you a new link, use that one. ${askThem} if you are not sure why.`,
        ],
      };
    case 'locked':
      return {
        heading: 'This link has been locked',
        lines: [
          `This link has been locked after ${MAX_FAILED_ATTEMPTS} attempts. ${askThem} for a new link.`,
        ],
      };
  }
}
