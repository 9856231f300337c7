import { html } from '@sharecode/core/util';
import { CONFIRM_FIELD } from '../../dashboard/confirm-page.js';
import type { DashboardService } from '../../dashboard/dashboard-service.js';
import type { DefineAction } from './action-route.js';
import type { ModePages } from './mode-pages.js';

/** The Cancel button of a waiting check request: a confirmation page first, then the cancellation. */
export function registerCheckRequestActions(
  action: DefineAction,
  service: DashboardService,
  pages: ModePages,
): void {
  action('/check-requests/:id/cancel', async ({ session, mode, id, form, reply }) => {
    if (form[CONFIRM_FIELD] !== 'yes') {
      const request = (await service.load(session.accountId, mode))?.checkRequests?.find(
        (r) => r.id === id && r.status === 'waiting',
      );
      if (!request) {
        return pages.render(reply, session, mode, {
          errors: [
            { field: 'check-requests', message: 'That check request is not a waiting request of this mode.' },
          ],
        });
      }
      return pages.confirmFirst(reply, session, {
        mode,
        title: `Cancel check request ${request.id}?`,
        consequences: html`<p>The applicant's link stops working at once: it answers that the request was
cancelled by ${request.asker}. No check is made and nothing is charged. This cannot be undone; you can make
a new request afterwards.</p>`,
        action: `/dashboard/${mode}/check-requests/${request.id}/cancel`,
        confirmLabel: 'Yes, cancel this request',
      });
    }
    const cancelled = await service.cancelCheckRequest(session.accountId, mode, id);
    if (!cancelled.ok) {
      return pages.render(reply, session, mode, {
        errors: [{ field: 'check-requests', message: cancelled.error }],
      });
    }
    return pages.render(reply, session, mode, { notice: `Check request ${cancelled.value.id} cancelled.` });
  });
}
