import type { PortalSim } from '../../src/index.js';
import type { Client, Page } from './client.js';
import { decode } from './html.js';

/** The hidden token of a form: `_csrf` on the services, `csrfToken` on the sign-in host. */
function hiddenToken(formHtml: string): Record<string, string> {
  const match = /name="(_csrf|csrfToken)"[^>]*value="([^"]*)"/.exec(formHtml);
  return match?.[1] && match[2] !== undefined ? { [match[1]]: match[2] } : {};
}

/** Posts the page's own POST form (the one inside <main>), with its hidden token and the given fields. */
export async function submit(
  client: Client,
  page: Page,
  fields: Record<string, string>,
  init: { signal?: AbortSignal } = {},
): Promise<Page> {
  const mainHtml = /<main[\s\S]*<\/main>/.exec(page.html)?.[0] ?? page.html;
  const form = /<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/.exec(mainHtml)?.[0];
  const action = form ? /\baction="([^"]+)"/.exec(form)?.[1] : undefined;
  if (!form || !action) throw new Error(`no form on ${page.url}`);
  return client.post(decode(action), { ...hiddenToken(form), ...fields }, init);
}

/** From a www.gov.uk start page, follows its "Start now" button; any other page is returned as it is. */
export async function throughStartPage(client: Client, page: Page): Promise<Page> {
  const start = /<a href="([^"]+)" role="button"[^>]*govuk-button--start/.exec(page.html)?.[1];
  return page.url.startsWith('/gov-uk/') && start ? client.get(decode(start)) : page;
}

export function dobFields(iso: string): Record<string, string> {
  const [year = '', month = '', day = ''] = iso.split('-');
  return { 'dob-day': String(Number(day)), 'dob-month': String(Number(month)), 'dob-year': year };
}

/** Share code and date of birth on any service; returns the page after the date of birth. */
export async function codeAndDate(
  client: Client,
  entry: string,
  shareCode: string,
  dob: string,
): Promise<Page> {
  const start = await throughStartPage(client, await client.get(entry));
  const dobPage = await submit(client, start, { shareCode });
  return submit(client, dobPage, dobFields(dob));
}

export async function rightToWork(
  client: Client,
  sim: PortalSim,
  input: { shareCode: string; dob: string; company?: string },
): Promise<Page> {
  const afterDob = await codeAndDate(client, sim.entryUrls.rightToWork, input.shareCode, input.dob);
  if (!afterDob.url.endsWith('/company-name')) return afterDob;
  return submit(client, afterDob, { checkerName: input.company ?? 'Acme Widgets Ltd' });
}

export async function rightToRent(
  client: Client,
  sim: PortalSim,
  input: { shareCode: string; dob: string; checkerName?: string; checkerType?: 'landlord' | 'agent' },
): Promise<Page> {
  const afterDob = await codeAndDate(client, sim.entryUrls.rightToRent, input.shareCode, input.dob);
  const checkerName = input.checkerName ?? 'Jane Landlord';
  const checkerType = input.checkerType ?? 'landlord';
  if (afterDob.url.endsWith('/checker-details'))
    return submit(client, afterDob, { checkerName, checkerType });
  if (!afterDob.url.endsWith('/landlord-or-agent')) return afterDob;
  const namePage = await submit(client, afterDob, { checkerType });
  return submit(client, namePage, { checkerName });
}

export async function immigrationStatus(
  client: Client,
  sim: PortalSim,
  input: {
    shareCode: string;
    dob: string;
    jobTitle?: string;
    companyName?: string;
    purpose?: string;
    otherPurpose?: string;
  },
): Promise<Page> {
  const afterDob = await codeAndDate(client, sim.entryUrls.immigrationStatus, input.shareCode, input.dob);
  if (!afterDob.url.endsWith('/checker-details')) return afterDob;
  const purposePage = await submit(client, afterDob, {
    jobTitle: input.jobTitle ?? 'Account opening officer',
    companyName: input.companyName ?? 'Example Bank, Leeds branch',
  });
  const fields: Record<string, string> = { purpose: input.purpose ?? 'PERSONAL_FINANCE' };
  if (input.otherPurpose !== undefined) fields.otherPurpose = input.otherPurpose;
  return submit(client, purposePage, fields);
}

/**
 * Walks any service from its entry URL to the result page whatever the variants: it recognises
 * each step by its fields (start page, share code, date of birth, "Start now", checker questions,
 * purpose), as a tolerant driver would. Returns the last page reached.
 */
export async function walk(client: Client, entry: string, shareCode: string, dob: string): Promise<Page> {
  let page = await throughStartPage(client, await client.get(entry));
  for (let step = 0; step < 10; step += 1) {
    const html = page.html;
    const has = (name: string) => html.includes(`name="${name}"`);
    // A page that reports a problem is where a driver would stop too.
    if (step > 0 && html.includes('govuk-error-summary')) return page;
    if (has('shareCode') && !has('dob-day')) page = await submit(client, page, { shareCode });
    else if (has('dob-day')) page = await submit(client, page, dobFields(dob));
    else if (html.includes('id="get-started"')) {
      const href = /<div id="get-started">\s*<a href="([^"]+)"/.exec(html)?.[1] ?? '';
      page = await client.get(decode(href));
    } else if (has('checkerName') && has('checkerType'))
      page = await submit(client, page, { checkerName: 'Jane Landlord', checkerType: 'landlord' });
    else if (has('checkerType')) page = await submit(client, page, { checkerType: 'agent' });
    else if (has('checkerName')) page = await submit(client, page, { checkerName: 'Acme Widgets Ltd' });
    else if (has('jobTitle'))
      page = await submit(client, page, { jobTitle: 'Clerk', companyName: 'Council' });
    else if (has('purpose')) page = await submit(client, page, { purpose: 'TRAVEL' });
    else return page;
  }
  return page;
}

/** Fetches the PDF through the result page's own control: the form's <input>, or the link. */
export async function downloadPdf(client: Client, result: Page): Promise<Page> {
  if (result.html.includes('id="downloadPdf"')) return submit(client, result, {});
  const href = /<a [^>]*href="([^"]+)"[^>]*aria-label="Download PDF"/.exec(result.html)?.[1];
  if (!href) throw new Error(`no Download PDF control on ${result.url}`);
  return client.get(decode(href));
}
