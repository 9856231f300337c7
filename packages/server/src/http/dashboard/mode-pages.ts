import type { FastifyReply } from 'fastify';
import type { KeyMode } from '../../accounts/api-key.js';
import { type ConfirmInput, confirmPage } from '../../dashboard/confirm-page.js';
import type { DashboardSession } from '../../dashboard/dashboard-ports.js';
import { type ModePageInput, modePage } from '../../dashboard/mode-page.js';
import type { DashboardRoutesDeps } from './dashboard-deps.js';
import { sendAccountNotFound, sendPage } from './page-reply.js';

/** The two pages an action answers with: the mode's page (with a notice or errors), or a confirmation. */
export interface ModePages {
  render(
    reply: FastifyReply,
    session: DashboardSession,
    mode: KeyMode,
    extra?: Omit<ModePageInput, 'data' | 'csrf'>,
    status?: number,
  ): Promise<FastifyReply>;
  /** The confirmation step (confirm-page.ts), for the owner's account and this page's mode. */
  confirmFirst(
    reply: FastifyReply,
    session: DashboardSession,
    input: Omit<ConfirmInput, 'email' | 'csrf'>,
  ): Promise<FastifyReply>;
}

export function createModePages(deps: Pick<DashboardRoutesDeps, 'service' | 'portalHealth'>): ModePages {
  return {
    async render(reply, session, mode, extra = {}, status = 200) {
      const data = await deps.service.load(session.accountId, mode);
      if (!data) return sendAccountNotFound(reply);
      // Errors are a 400 unless the caller says which (429 for a limit).
      const code = extra.errors && extra.errors.length > 0 && status === 200 ? 400 : status;
      const portalHealth = mode === 'live' ? ((await deps.portalHealth?.()) ?? null) : null;
      return sendPage(reply, code, modePage({ data, csrf: session.csrfToken, portalHealth, ...extra }));
    },
    async confirmFirst(reply, session, input) {
      const data = await deps.service.load(session.accountId, input.mode);
      if (!data) return sendAccountNotFound(reply);
      return sendPage(
        reply,
        200,
        confirmPage({ ...input, email: data.account.email, csrf: session.csrfToken }),
      );
    },
  };
}
