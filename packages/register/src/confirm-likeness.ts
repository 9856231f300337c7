import { LIKENESS_HOWS, type LikenessHow } from '@sharecode/core/duties';
import { findPerson, type PersonQuery } from './find-person.js';
import type { Register } from './open-register.js';
import { peopleOf } from './people.js';
import type { LikenessReceipt } from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { appendReceipt, readReceipts, serialised } from './register-store.js';

export interface LikenessConfirmation {
  /** How the photo was compared with the person: in their presence, or on a live video call. */
  how: LikenessHow;
  /** Who compared it (a member of staff). */
  by: string;
  /** When it was compared (default: now). */
  at?: Date | undefined;
  /** The person's id, when the reference is shared by several people. */
  person?: string | undefined;
  /** The clock (tests). */
  now?: Date | undefined;
}

/**
 * Records that the photo on a person's latest check was compared with them, in person or on a live
 * video call (Home Office, "Employer's guide to right to work checks"): the part of the statutory
 * excuse the portal cannot record. A receipt in the chain like any other, sealed and verified.
 */
export function confirmLikeness(
  register: Register,
  reference: string,
  confirmation: LikenessConfirmation,
): Promise<LikenessReceipt> {
  return serialised(register, async () => {
    const { how } = confirmation;
    if (!LIKENESS_HOWS.includes(how)) {
      throw new ShareCodeRegisterError(
        'bad_likeness',
        `Say how the photo was compared with the person: ${LIKENESS_HOWS.join(' or ')}, not "${String(how)}".`,
      );
    }
    const by = confirmation.by?.trim();
    if (!by) {
      throw new ShareCodeRegisterError(
        'bad_likeness',
        'Say who compared the photo with the person (their name).',
      );
    }
    const now = confirmation.now ?? new Date();
    const at = confirmation.at ?? now;
    if (Number.isNaN(at.getTime())) {
      throw new ShareCodeRegisterError('bad_likeness', 'The time of the likeness check is not a date.');
    }
    if (at.getTime() > now.getTime() + 60_000) {
      throw new ShareCodeRegisterError(
        'bad_likeness',
        `The likeness check cannot be recorded for a time still to come (${at.toISOString()}).`,
      );
    }
    const query: PersonQuery = { reference, person: confirmation.person };
    const person = findPerson(peopleOf(await readReceipts(register)), query);
    const check = person.latest;
    if (at.toISOString().slice(0, 10) < check.check_date) {
      throw new ShareCodeRegisterError(
        'bad_likeness',
        `The likeness check (${at.toISOString().slice(0, 10)}) is before the check on ${check.check_date}: the photo compared is the one on that check's profile.`,
      );
    }
    const stored = await appendReceipt(
      register,
      {
        type: 'likeness',
        kind: person.kind,
        person: person.person,
        reference: check.reference,
        check_seq: check.seq,
        how,
        by,
        at: at.toISOString(),
      },
      now,
    );
    return stored.receipt as LikenessReceipt;
  });
}
