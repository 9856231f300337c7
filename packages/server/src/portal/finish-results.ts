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
import { readEvidence } from './read-evidence.js';
import { readImmigrationStatusPage } from './read-immigration-status.js';
import { readRightToRentPage } from './read-right-to-rent.js';
import { readRightToWorkPage } from './read-right-to-work.js';

// Each finish reads the result page into the contract's shape (spec 2.2-2.4): page text first, then
// the photo and the PDF, then the echoes of the request. `checked_at` is when reading ended.

export async function finishRightToWork(
  run: CheckRun,
  page: PortalPage,
  snapshot: PageSnapshot,
  request: RightToWorkRequest,
  clock: () => Date,
): Promise<Driven<RightToWorkResult>> {
  const read = readRightToWorkPage(snapshot);
  if (!read.ok) return { ok: false, error: await run.unrecognised(`the result page lacks ${read.error}`) };
  const evidence = await readEvidence(run, page, snapshot, false);
  if (!evidence.ok) return evidence;
  const r = read.value;
  return {
    ok: true,
    value: {
      outcome: r.outcome,
      title: 'Right to work',
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
      photo_data_url: evidence.value.photoDataUrl,
      pdf_data_url: evidence.value.pdfDataUrl,
      checked_at: clock().toISOString(),
    },
  };
}

export async function finishRightToRent(
  run: CheckRun,
  page: PortalPage,
  snapshot: PageSnapshot,
  request: RightToRentRequest,
  clock: () => Date,
): Promise<Driven<RightToRentResult>> {
  const read = readRightToRentPage(snapshot);
  if (!read.ok) return { ok: false, error: await run.unrecognised(`the result page lacks ${read.error}`) };
  const evidence = await readEvidence(run, page, snapshot, false);
  if (!evidence.ok) return evidence;
  const r = read.value;
  const now = clock();
  return {
    ok: true,
    value: {
      outcome: r.outcome,
      title: 'Right to rent',
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
      photo_data_url: evidence.value.photoDataUrl,
      pdf_data_url: evidence.value.pdfDataUrl,
      checked_at: now.toISOString(),
      details: r.details,
      recheck_date: r.recheckDate,
      // The spec's company_name is the echo of the checker's name; the page's own copy wins.
      company_name: r.checkedBy ?? request.checker_name,
      check_date: r.checkDate ?? formatDate(now),
    },
  };
}

export async function finishImmigrationStatus(
  run: CheckRun,
  page: PortalPage,
  snapshot: PageSnapshot,
  request: ImmigrationStatusRequest,
  clock: () => Date,
): Promise<Driven<ImmigrationStatusResult>> {
  const read = readImmigrationStatusPage(snapshot);
  if (!read.ok) return { ok: false, error: await run.unrecognised(`the result page lacks ${read.error}`) };
  const evidence = await readEvidence(run, page, snapshot, true);
  if (!evidence.ok) return evidence;
  const { photoDataUrl, pdfDataUrl } = evidence.value;
  if (photoDataUrl === null || pdfDataUrl === null)
    return { ok: false, error: await run.unrecognised('the result page lacks its photo or PDF') };
  const r = read.value;
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
}
