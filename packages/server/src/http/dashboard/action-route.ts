import type { FastifyInstance, FastifyReply } from 'fastify';
import type { KeyMode } from '../../accounts/api-key.js';
import type { DashboardSession } from '../../dashboard/dashboard-ports.js';
import { type Form, isMode, type RequestSession } from './request-session.js';

export interface ActionInput {
  readonly session: DashboardSession;
  readonly mode: KeyMode;
  readonly form: Form;
  readonly id: string;
  readonly reply: FastifyReply;
}

export type DefineAction = (path: string, act: (input: ActionInput) => Promise<unknown>) => void;

/** Defines POST /dashboard/:mode<path>: signed in, CSRF-checked, then `act`. */
export function actionRoutes(scope: FastifyInstance, request: RequestSession): DefineAction {
  return (path, act) => {
    scope.post<{ Params: { mode: string; id?: string } }>(`/:mode${path}`, async (req, reply) => {
      const { mode } = req.params;
      if (!isMode(mode)) return reply.callNotFound();
      const session = await request.guardPost(req, reply);
      if (!session) return reply;
      return act({ session, mode, form: request.formOf(req), id: req.params.id ?? '', reply });
    });
  };
}
