import type { PortalSim } from '../../src/index.js';
import type { Client, Page } from './client.js';
import { csrf } from './html.js';

/** Posts the page's own form (the one inside <main>), with its _csrf and the given fields. */
export async function submit(
  client: Client,
  page: Page,
  fields: Record<string, string>,
  init: { signal?: AbortSignal } = {},
): Promise<Page> {
  const mainHtml = /<main[\s\S]*<\/main>/.exec(page.html)?.[0] ?? page.html;
  const action = /<form method="post" action="([^"]+)"/.exec(mainHtml)?.[1];
  if (!action) throw new Error(`no form on ${page.url}`);
  return client.post(action, { _csrf: csrf(mainHtml), ...fields }, init);
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
  const start = await client.get(entry);
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
