import { CONFIRM_FIELD, revokeKeyConsequences } from '../../dashboard/confirm-page.js';
import type { DashboardService } from '../../dashboard/dashboard-service.js';
import type { DefineAction } from './action-route.js';
import type { ModePages } from './mode-pages.js';

/** The API-key forms of a mode's page: create a key, and revoke one after a confirmation. */
export function registerKeyActions(action: DefineAction, service: DashboardService, pages: ModePages): void {
  action('/keys', async ({ session, mode, reply }) => {
    const created = await service.createKey(session.accountId, mode);
    if (!created.ok)
      return pages.render(reply, session, mode, {
        errors: [{ field: 'api-keys', message: created.error }],
      });
    return pages.render(reply, session, mode, { newKey: created.value });
  });

  action('/keys/:id/revoke', async ({ session, mode, id, form, reply }) => {
    if (form[CONFIRM_FIELD] !== 'yes') {
      const key = (await service.load(session.accountId, mode))?.keys.find(
        (k) => k.id === id && k.revokedAt === null,
      );
      if (!key) {
        return pages.render(reply, session, mode, {
          errors: [
            { field: 'api-keys', message: 'That key is not an active key of this account for this mode.' },
          ],
        });
      }
      return pages.confirmFirst(reply, session, {
        mode,
        title: `Revoke key ${key.prefix}?`,
        consequences: revokeKeyConsequences(key.prefix),
        action: `/dashboard/${mode}/keys/${key.id}/revoke`,
        confirmLabel: 'Yes, revoke this key',
      });
    }
    const revoked = await service.revokeKey(session.accountId, mode, id);
    if (!revoked.ok)
      return pages.render(reply, session, mode, {
        errors: [{ field: 'api-keys', message: revoked.error }],
      });
    return pages.render(reply, session, mode, {
      notice: `Key ${revoked.value.prefix} revoked: it no longer works.`,
    });
  });
}
