import type { LookupFailure } from '../lookup/lookup-person.js';
import type { SimPerson } from '../seed/person.js';
import { redirectResponse, type SimRequest, type SimResponse } from '../server/http-types.js';
import type { Session } from '../session/session-store.js';
import type { FailureWording } from './lookup-wording.js';
import type { ServiceKit } from './service-kit.js';
import {
  type CodeAndDateState,
  type DateSubmission,
  lookupFailurePage,
  lookupWording,
  matchedPerson,
  redesignedEntry,
  renderDateOfBirth,
  type ShareCodePageText,
  startShareCode,
  submitDateOfBirth,
  submitShareCode,
} from './shared-steps.js';

/**
 * The share-code and date-of-birth steps as one service runs them (its share-code wording, the
 * entry-page variant, its date-of-birth path), so that each service's routes name only the step.
 */
export class CodeAndDateSteps<S extends CodeAndDateState> {
  constructor(
    private readonly kit: ServiceKit<S>,
    private readonly text: ShareCodePageText,
    private readonly paths: { readonly entry: string; readonly dob: string },
  ) {}

  /**
   * The POST of the first step and both requests of the date of birth; `undefined` for any other
   * request. After the lookup, the service says what follows a match and a failure.
   */
  answer(
    req: SimRequest,
    session: Session<S>,
    after: { matched: () => SimResponse; failed: (failure: LookupFailure) => SimResponse },
  ): SimResponse | undefined {
    const key = `${req.method} ${req.path}`;
    if (key === `POST ${this.paths.entry}`) return this.submitCode(req, session);
    if (key === `GET ${this.paths.dob}`) return this.dateOfBirth(req, session);
    if (key !== `POST ${this.paths.dob}`) return undefined;
    const submitted = this.submitDateOfBirth(req, session);
    if (submitted.kind === 'answered') return submitted.response;
    if (submitted.result.ok) return after.matched();
    const wording = this.failureWording(submitted.result.error, session);
    // The `unseen` wording: the same on every service, an error summary on the date page.
    if (wording.onDatePage)
      return renderDateOfBirth(this.kit, req, session, {
        extraErrors: [{ field: 'dob-day', message: wording.summary }],
      });
    return after.failed(submitted.result.error);
  }

  private redesigned(): boolean {
    return this.kit.runtime.variants().entryPage === 'redesigned';
  }

  /** GET of the first step: the share-code page, or the redesigned entry page (variant). */
  entry(req: SimRequest): SimResponse {
    return this.redesigned() ? redesignedEntry(this.kit, req) : startShareCode(this.kit, req, this.text);
  }

  /** POST of the first step; the redesigned entry page only shows, so its POST goes back to it. */
  submitCode(req: SimRequest, session: Session<S>): SimResponse {
    if (this.redesigned()) return redirectResponse(this.kit.entryUrl);
    return submitShareCode(this.kit, req, session, this.text, this.paths.dob);
  }

  /** GET of the date of birth: only once a share code was given. */
  dateOfBirth(req: SimRequest, session: Session<S>): SimResponse {
    const { kit } = this;
    return session.state.shareCode ? renderDateOfBirth(kit, req, session) : redirectResponse(kit.entryUrl);
  }

  /** POST of the date of birth: the lookup's result, or the answer already due (no code yet, a bad date). */
  submitDateOfBirth(req: SimRequest, session: Session<S>): DateSubmission {
    const code = session.state.shareCode;
    if (!code) return { kind: 'answered', response: redirectResponse(this.kit.entryUrl) };
    return submitDateOfBirth(this.kit, req, session, code);
  }

  /** The person the session's lookup matched, if it is one of this service's kind. */
  person<K extends SimPerson['kind']>(
    session: Session<S>,
    kind: K,
  ): Extract<SimPerson, { kind: K }> | undefined {
    const found = matchedPerson(this.kit, session);
    return found?.kind === kind ? (found as Extract<SimPerson, { kind: K }>) : undefined;
  }

  /** A failed lookup's wording, in the variants of the person the session's code names. */
  failureWording(failure: LookupFailure, session: Session<S>): FailureWording {
    return lookupWording(this.kit, failure, session.state.shareCode);
  }

  /** A failed lookup as a page of its own (right to work, and right to rent by analogy). */
  failurePage(req: SimRequest, session: Session<S>, failure: LookupFailure): SimResponse {
    return lookupFailurePage(this.kit, req, this.failureWording(failure, session));
  }
}
