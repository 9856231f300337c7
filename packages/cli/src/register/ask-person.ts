import type { Output } from '../output/output.js';
import { canPrompt } from '../request/gather.js';
import { notACandidate, pickCandidate } from './pick-candidate.js';

type Ambiguous = Error & { reason?: string; candidates?: readonly string[] };

const MAX_ASKS = 3;

/**
 * Runs `work` for the person given; when the register refuses a reference shared by several people
 * (`ambiguous_person`), asks which of them at a terminal and runs it again. Elsewhere the refusal,
 * which lists them and names --person, stands: a shared reference is never resolved by picking one.
 */
export async function withPersonAsked<T>(
  out: Output,
  person: string | undefined,
  work: (person: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await work(person);
  } catch (error) {
    const ambiguous = error as Ambiguous;
    const { io } = out;
    if (ambiguous.reason !== 'ambiguous_person' || !canPrompt(io) || io.prompt === undefined) throw error;
    const candidates = ambiguous.candidates ?? [];
    out.error(ambiguous.message);
    for (let asked = 0; asked < MAX_ASKS; asked++) {
      const typed = (await io.prompt(`Which person? (${candidates.join(', ')}): `))?.trim();
      if (typed === undefined || typed === '') break;
      const picked = pickCandidate(typed, candidates);
      if (picked.ok) return work(picked.person);
      out.error(notACandidate(typed, candidates, picked.several));
    }
    throw error;
  }
}
