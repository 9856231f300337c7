import type { CheckRequest, ShareCodeClient } from '@sharecode/sdk';
import { EXIT } from '../exit-codes.js';
import { cliFailure, type Failure } from '../render/failure.js';
import { londonTime } from '../render/london-time.js';

// Newest first, 100 a page: three pages cover the waiting requests of any office's few weeks.
const PAGES = 3;
const PAGE_SIZE = 100;

/**
 * The newest waiting request of this key's mode made with `reference`, if any, looked for in the
 * first few pages of `listCheckRequests({ status: 'waiting' })` (newest first).
 */
export async function openRequestWithReference(
  client: ShareCodeClient,
  reference: string,
  retries: number,
): Promise<CheckRequest | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const found = await client.listCheckRequests(
      { status: 'waiting', limit: PAGE_SIZE, cursor },
      { maxRetries: retries },
    );
    const open = found.data.find((request) => request.client_reference === reference);
    if (open !== undefined) return open;
    if (found.next_cursor === null) return undefined;
    cursor = found.next_cursor;
  }
  return undefined;
}

/** Exit 2: a request for this reference is still open; a second would be a second link to fill in. */
export function openRequestFailure(open: CheckRequest): Failure {
  return cliFailure(
    EXIT.INVALID_INPUT,
    'CHECK_REQUEST_OPEN',
    `Check request ${open.id} for this --reference is still open (made ${londonTime(open.created_at)}): its link still works, and a second request would be a second link the applicant could fill in (and a live key be charged for twice). Nothing was sent.`,
    [
      `If the link was lost: cancel it first (rtw request cancel ${open.id}), then run this again.`,
      'Or add --another to make a second open request anyway.',
    ],
  );
}
