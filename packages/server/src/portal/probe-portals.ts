import type { CheckKind } from '@sharecode/core';
import { classifyCommonPage } from './classify-page.js';
import { Deadline } from './deadline.js';
import { shareCodeStep, startNowStep } from './flow-steps.js';
import { fingerprintOf, type PageFingerprint } from './page-fingerprint.js';
import type { PortalEntryUrls } from './portal-config.js';
import type { CheckSession } from './portal-page.js';
import { SERVICE_OF_KIND } from './portal-runner.js';
import type { BrowserLauncher } from './slot-types.js';

/** What the canary found on one service. */
export type ProbeOutcome =
  /** The share-code page was reached and recognised: as far as a walk goes without personal data. */
  | {
      readonly kind: CheckKind;
      readonly status: 'recognised';
      readonly entryUrl: string;
      readonly pages: number;
      readonly at: string;
    }
  /** A page the driver does not know: the check would fail there. */
  | {
      readonly kind: CheckKind;
      readonly status: 'unrecognised';
      readonly entryUrl: string;
      readonly fingerprint: PageFingerprint;
    }
  /** The portal could not be walked (down, error page, unreachable, too slow): not a page change. */
  | {
      readonly kind: CheckKind;
      readonly status: 'failed';
      readonly entryUrl: string;
      readonly reason: string;
    };

const MAX_PAGES = 5;
const NO_SECRETS = { shareCode: '', dateOfBirth: '' };

/**
 * Walks each service from its entry (a GOV.UK start page's "Start now" included, and any redirect to
 * the sign-in host) to the share-code page, typing nothing. Each service gets a fresh browser session.
 */
export async function probePortals(
  launch: BrowserLauncher<CheckSession>,
  entryUrls: PortalEntryUrls,
  kinds: readonly CheckKind[],
  timeoutMs: number,
): Promise<ProbeOutcome[]> {
  const browser = await launch();
  try {
    const outcomes: ProbeOutcome[] = [];
    for (const kind of kinds) {
      const session = await browser.newSession();
      try {
        outcomes.push(await probeOne(session, kind, entryUrls[SERVICE_OF_KIND[kind]], timeoutMs));
      } finally {
        await browser.closeSession(session);
      }
    }
    return outcomes;
  } finally {
    await browser.close();
  }
}

async function probeOne(
  session: CheckSession,
  kind: CheckKind,
  entryUrl: string,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  const failed = (reason: string): ProbeOutcome => ({ kind, status: 'failed', entryUrl, reason });
  const deadline = Deadline.in(timeoutMs);
  try {
    const page = await session.openPage();
    await page.goto(entryUrl, deadline);
    for (let pages = 1; pages <= MAX_PAGES; pages += 1) {
      const snapshot = await page.snapshot();
      const common = classifyCommonPage(snapshot);
      if (common)
        return failed(`the portal showed its ${common.kind} page (HTTP ${snapshot.status ?? 'unknown'})`);
      if (shareCodeStep.matches(snapshot))
        return { kind, status: 'recognised', entryUrl, pages, at: `${snapshot.host}${snapshot.path}` };
      if (!startNowStep.matches(snapshot))
        return {
          kind,
          status: 'unrecognised',
          entryUrl,
          fingerprint: fingerprintOf('probe', snapshot, NO_SECRETS),
        };
      if (!(await startNowStep.act(page, snapshot, { share_code: '', date_of_birth: '' }, deadline)))
        return {
          kind,
          status: 'unrecognised',
          entryUrl,
          fingerprint: fingerprintOf('probe', snapshot, NO_SECRETS),
        };
    }
    return failed(`no share-code page within ${MAX_PAGES} pages`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const net = /net::(ERR_[A-Z_]+)/.exec(message);
    return failed(
      net
        ? `network error ${net[1]}`
        : deadline.expired()
          ? 'timed out'
          : `driver error ${(error as Error).name}`,
    );
  }
}
