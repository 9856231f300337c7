import type { Logger } from 'pino';
import type { DashboardService } from '../../dashboard/dashboard-service.js';
import type { DashboardSessions } from '../../dashboard/sessions.js';
import type { PortalHealthReport } from '../../health/portal-health.js';
import type { Webhooks } from '../../webhooks/webhooks-service.js';

export interface DashboardRoutesDeps {
  readonly sessions: DashboardSessions;
  readonly service: DashboardService;
  readonly webhooks: Webhooks;
  /** Cookies carry `Secure` on https requests, and always when this is set (behind a TLS proxy). */
  readonly alwaysSecureCookies: boolean;
  readonly log: Logger;
  /** The cluster's portal health, told in words on the live page. */
  readonly portalHealth?: (() => Promise<PortalHealthReport>) | undefined;
}
