import type { Outcome } from '@sharecode/core';
import {
  type ImmigrationStatusRequest,
  type ImmigrationStatusResult,
  purposeWording,
  type RightToRentRequest,
  type RightToRentResult,
  type RightToWorkRequest,
  type RightToWorkResult,
} from '@sharecode/core';
import { formatDate } from '@sharecode/core/util';
import type { CheckRun, Driven } from './drive-check.js';
import type { PageSnapshot } from './page-snapshot.js';
import type { PortalPage } from './portal-page.js';
import { type Evidence, readEvidence } from './read-evidence.js';
import { readImmigrationStatusPage } from './read-immigration-status.js';
import { readRightToRentPage } from './read-right-to-rent.js';
import { type RightToWorkPage, readRightToWorkPage } from './read-right-to-work.js';

// Each finish reads the result page into the contract's shape (spec 2.2-2.4): page text first, then
// the photo and the PDF, then the echoes of the request. `checked_at` is when reading ended.

/** What drive-check calls on the result page. */
export type Finish<R> = (run: CheckRun, page: PortalPage, snapshot: PageSnapshot) => Promise<Driven<R>>;

/** The page read by `reader`, then its photo and PDF (`required`: neither may be missing). */
async function readResult<P>(
  run: CheckRun,
  page: PortalPage,
  snapshot: PageSnapshot,
  reader: (snapshot: PageSnapshot) => Outcome<P, string>,
  required: boolean,
): Promise<Driven<{ read: P; evidence: Evidence }>> {
  const read = reader(snapshot);
  if (!read.ok) return { ok: false, error: await run.unrecognised(`the result page lacks ${read.error}`) };
  const evidence = await readEvidence(run, page, snapshot, required);
  if (!evidence.ok) return evidence;
  return { ok: true, value: { read: read.value, evidence: evidence.value } };
}

/** The fields right to work and right to rent share, in the contract's order. */
function permissionFields<T extends string>(
  title: T,
  r: RightToWorkPage,
  request: { readonly date_of_birth: string; readonly share_code: string },
  evidence: Evidence,
  now: Date,
): Omit<RightToWorkResult, 'title'> & { title: T } {
  return {
    outcome: r.outcome,
    title,
    name: r.name,
    date_of_birth: request.date_of_birth,
    nationality: r.nationality,
    permission_type: r.permissionType,
    start_date: r.startDate,
    expiry_date: r.expiryDate,
    conditions: r.conditions,
    restrictions: r.restrictions,
    reference: r.reference,
    share_code: request.share_code,
    photo_data_url: evidence.photoDataUrl,
    pdf_data_url: evidence.pdfDataUrl,
    checked_at: now.toISOString(),
  };
}

export function finishRightToWork(request: RightToWorkRequest, clock: () => Date): Finish<RightToWorkResult> {
  return async (run, page, snapshot) => {
    const got = await readResult(run, page, snapshot, readRightToWorkPage, false);
    if (!got.ok) return got;
    return {
      ok: true,
      value: permissionFields('Right to work', got.value.read, request, got.value.evidence, clock()),
    };
  };
}

export function finishRightToRent(request: RightToRentRequest, clock: () => Date): Finish<RightToRentResult> {
  return async (run, page, snapshot) => {
    const got = await readResult(run, page, snapshot, readRightToRentPage, false);
    if (!got.ok) return got;
    const r = got.value.read;
    const now = clock();
    return {
      ok: true,
      value: {
        ...permissionFields('Right to rent', r, request, got.value.evidence, now),
        details: r.details,
        recheck_date: r.recheckDate,
        // The spec's company_name is the echo of the checker's name; the page's own copy wins.
        company_name: r.checkedBy ?? request.checker_name,
        check_date: r.checkDate ?? formatDate(now),
      },
    };
  };
}

export function finishImmigrationStatus(
  request: ImmigrationStatusRequest,
  clock: () => Date,
): Finish<ImmigrationStatusResult> {
  return async (run, page, snapshot) => {
    const got = await readResult(run, page, snapshot, readImmigrationStatusPage, true);
    if (!got.ok) return got;
    const { photoDataUrl, pdfDataUrl } = got.value.evidence;
    if (photoDataUrl === null || pdfDataUrl === null)
      return { ok: false, error: await run.unrecognised('the result page lacks its photo or PDF') };
    const r = got.value.read;
    const now = clock();
    return {
      ok: true,
      value: {
        outcome: 'ACCEPTED',
        title: 'Immigration status',
        name: r.name,
        date_of_birth: request.date_of_birth,
        nationality: r.nationality,
        status: r.status,
        valid_from: r.validFrom,
        valid_until: r.validUntil,
        activities: r.activities,
        restrictions: r.restrictions,
        reference: r.reference,
        company_name: r.companyName ?? request.company_name,
        job_title: r.jobTitle ?? request.job_title,
        purpose: r.purpose ?? purposeWording(request.purpose, request.other_purpose),
        check_date: r.checkDate ?? formatDate(now),
        share_code: request.share_code,
        photo_data_url: photoDataUrl,
        pdf_data_url: pdfDataUrl,
        checked_at: now.toISOString(),
      },
    };
  };
}
