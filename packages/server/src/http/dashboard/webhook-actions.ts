import { CONFIRM_FIELD, rotateSecretConsequences } from '../../dashboard/confirm-page.js';
import type { DashboardService } from '../../dashboard/dashboard-service.js';
import { MODE_LABELS } from '../../dashboard/layout.js';
import type { Webhooks } from '../../webhooks/webhooks-service.js';
import type { DefineAction } from './action-route.js';
import type { ModePages } from './mode-pages.js';

/** The webhook forms of a mode's page: default callback URL, signing secret, test event, resend. */
export function registerWebhookActions(
  action: DefineAction,
  service: DashboardService,
  webhooks: Webhooks,
  pages: ModePages,
): void {
  action('/callback-url', async ({ session, mode, form, reply }) => {
    const clear = form.action === 'clear';
    const raw = (form.url ?? '').trim();
    if (!clear && raw === '') {
      return pages.render(reply, session, mode, {
        errors: [{ field: 'callback-url', message: 'Enter a callback URL, or use Remove URL' }],
      });
    }
    const saved = await service.setDefaultUrl(session.accountId, mode, clear ? null : raw);
    if (!saved.ok) {
      return pages.render(reply, session, mode, {
        urlInput: raw,
        errors: [{ field: 'callback-url', message: saved.error }],
      });
    }
    return pages.render(reply, session, mode, {
      notice: clear ? 'Default callback URL removed.' : 'Default callback URL saved.',
    });
  });

  action('/secret/reveal', async ({ session, mode, reply }) =>
    pages.render(reply, session, mode, {
      revealedSecret: await webhooks.secret(session.accountId, mode),
    }),
  );

  action('/secret/rotate', async ({ session, mode, form, reply }) => {
    if (form[CONFIRM_FIELD] !== 'yes') {
      return pages.confirmFirst(reply, session, {
        mode,
        title: `Rotate the ${MODE_LABELS[mode].toLowerCase()} signing secret?`,
        consequences: rotateSecretConsequences(mode),
        action: `/dashboard/${mode}/secret/rotate`,
        confirmLabel: 'Yes, rotate the secret',
      });
    }
    return pages.render(reply, session, mode, {
      rotatedSecret: await webhooks.rotateSecret(session.accountId, mode),
    });
  });

  action('/test-event', async ({ session, mode, form, reply }) => {
    const typed = (form.url ?? '').trim();
    const sent = await webhooks.sendTestEvent(session.accountId, mode, typed === '' ? null : typed);
    if (!sent.ok) {
      const { message, retryAfterSeconds } = sent.error;
      if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
      return pages.render(
        reply,
        session,
        mode,
        { testUrlInput: typed, errors: [{ field: 'test-url', message }] },
        retryAfterSeconds === null ? 400 : 429,
      );
    }
    return pages.render(reply, session, mode, { testResult: sent.value });
  });

  action('/deliveries/:id/resend', async ({ session, mode, id, reply }) => {
    const resent = await webhooks.resend(session.accountId, mode, id);
    if (!resent.ok) {
      return pages.render(reply, session, mode, {
        errors: [{ field: 'deliveries', message: resent.error }],
      });
    }
    return pages.render(reply, session, mode, {
      notice: `Resending the ${resent.value.type} event of ${resent.value.checkId}: a new series of attempts has started.`,
    });
  });
}
