import { html } from '@sharecode/core/util';
import type { AccountUsage } from '../accounts/admin.js';
import type { AccountRecord } from '../accounts/ports.js';
import { page } from './layout.js';

/** The `upgrade_url` of 402 answers: the plan, this month's live usage and how to change plan. */
export function billingPage(input: {
  readonly account: AccountRecord;
  readonly usage: AccountUsage | null;
  readonly csrf: string;
}): string {
  const { account, usage } = input;
  return page({
    title: 'Billing',
    signedIn: { email: account.email, csrf: input.csrf },
    body: html`<nav aria-label="Mode"><ul class="tabs"><li><a href="/dashboard/live">Live</a></li><li><a href="/dashboard/test">Sandbox</a></li><li><a href="/dashboard/billing" aria-current="page">Billing</a></li></ul></nav>
<h1>Billing</h1>
<dl class="summary">
  <dt>Plan</dt><dd>${account.plan}</dd>
  <dt>Subscription</dt><dd>${account.subscriptionStatus.replace('_', ' ')}</dd>
  ${
    usage
      ? html`<dt>Live checks this month (${usage.period})</dt><dd>${usage.used} of ${usage.includedChecks} included, ${usage.inProgress} in progress</dd>
  <dt>Beyond the included checks</dt><dd>${usage.overageChecks} (£${(usage.overagePence / 100).toFixed(2)})</dd>`
      : ''
  }
</dl>
<p>Plans: free (10 live checks a month), pro (100, then 25p a check) and scale (500, then 10p a check).
To change plan or settle a subscription, contact the operator of this service: plans are set with
<code>rtw-server accounts set-plan</code>.</p>`,
  });
}
