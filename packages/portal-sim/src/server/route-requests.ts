// How the simulator answers an HTTP request: its assets, the admin endpoint, the GOV.UK start pages,
// the three services (with the faults in force) and, on its own origin, the sign-in host.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseCookies } from '@sharecode/core/util';
import { inScope, latencyBounds } from '../faults/effective-faults.js';
import type { ServiceName } from '../faults/fault-types.js';
import type { Renderer } from '../render/renderer.js';
import { GOV_UK_PREFIX, handleGovUk } from '../services/gov-uk/start-pages.js';
import type { SimRuntime } from '../services/runtime.js';
import type { HostRoutes, ServiceHandler } from '../services/service-handler.js';
import type { SimSettings } from '../settings.js';
import { uniformInt } from '../util/random.js';
import type { SimVariants } from '../variants.js';
import { type AdminControls, handleAdmin } from './admin.js';
import { htmlResponse, type SimRequest, type SimResponse } from './http-types.js';
import { send } from './listen.js';
import { readBody } from './read-body.js';

export interface RouteDeps {
  readonly runtime: SimRuntime;
  readonly services: readonly ServiceHandler[];
  readonly signInHost: HostRoutes;
  readonly assets: (path: string) => Promise<SimResponse | null>;
  readonly admin: AdminControls;
  readonly renderer: Renderer;
  readonly settings: SimSettings;
  readonly startPages: Readonly<Record<ServiceName, string>>;
  /** The run's variants in force now. */
  readonly variants: () => SimVariants;
  /** Aborted when the simulator closes: ends the latency a fault adds. */
  readonly signal: AbortSignal;
}

function toSimRequest(
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
  cookieHeader: string | undefined,
): SimRequest {
  return {
    method,
    path,
    query,
    form: method === 'POST' ? new URLSearchParams(body) : new URLSearchParams(),
    cookies: parseCookies(cookieHeader),
  };
}

/** The two request listeners: the simulator's origin and the sign-in host's. */
export function createRequestRoutes(deps: RouteDeps): {
  respond(req: IncomingMessage, res: ServerResponse): Promise<void>;
  respondSignIn(req: IncomingMessage, res: ServerResponse): Promise<void>;
} {
  const { runtime, services, signInHost, assets, admin, renderer, settings, startPages, variants, signal } =
    deps;

  async function serviceResponse(
    service: HostRoutes,
    name: ServiceName,
    req: SimRequest,
  ): Promise<SimResponse | 'hang'> {
    const active = runtime.faultsFor(name);
    const kind = service.classify(req);
    if (active.latency && inScope(active.latency.on, kind)) {
      const { minMs, maxMs } = latencyBounds(active.latency);
      await sleep(uniformInt(minMs, maxMs), undefined, { signal });
    }
    if (active.error && inScope(active.error.on, kind)) {
      switch (active.error.kind) {
        case 'hang':
          return 'hang';
        case 'problem-page':
          return service.problem(200, req);
        case 'http-500':
          return service.problem(500, req);
        case 'http-503':
          return service.unavailable(req);
      }
    }
    return service.handle(req);
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://portal-sim.invalid');
    const path = url.pathname;
    if (path.startsWith('/assets/')) {
      const asset = (method === 'GET' || method === 'HEAD') && (await assets(path));
      send(res, asset || htmlResponse(404, 'Not found'));
      return;
    }
    const body = method === 'POST' || method === 'PUT' ? await readBody(req) : '';
    if (body === null) {
      send(res, htmlResponse(413, 'Request body too large'));
      return;
    }
    if (path === '/__sim' || path.startsWith('/__sim/')) {
      send(res, handleAdmin(method, path, body, admin));
      return;
    }
    if (path === '/') {
      const list = services.map((s) => ({
        title: s.info.serviceName,
        startPage: startPages[s.info.name],
        entry: s.entryUrl(),
      }));
      send(
        res,
        htmlResponse(
          200,
          renderer.render('pages/index.njk', {
            assetPath: '/assets',
            title: 'Simulated services',
            services: list,
          }),
        ),
      );
      return;
    }
    if (path === GOV_UK_PREFIX || path.startsWith(`${GOV_UK_PREFIX}/`)) {
      const simReq = toSimRequest(
        method,
        path.slice(GOV_UK_PREFIX.length),
        url.searchParams,
        body,
        req.headers.cookie,
      );
      send(res, handleGovUk(simReq, renderer, settings, variants()));
      return;
    }
    const service = services.find((s) => path === s.info.prefix || path.startsWith(`${s.info.prefix}/`));
    if (!service) {
      const simReq = toSimRequest(method, path, url.searchParams, body, req.headers.cookie);
      send(res, handleGovUk({ ...simReq, path: '/not-found' }, renderer, settings, variants()));
      return;
    }
    const simReq = toSimRequest(
      method,
      path.slice(service.info.prefix.length),
      url.searchParams,
      body,
      req.headers.cookie,
    );
    const response = await serviceResponse(service, service.info.name, simReq);
    // A hung request is left open; close() drops it with every other connection.
    if (response !== 'hang') send(res, response);
  }

  /** The sign-in host: its own origin, right to work's faults. */
  async function respondSignIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sign-in.invalid');
    if (url.pathname.startsWith('/assets/')) {
      const asset = (method === 'GET' || method === 'HEAD') && (await assets(url.pathname));
      send(res, asset || htmlResponse(404, 'Not found'));
      return;
    }
    const body = method === 'POST' ? await readBody(req) : '';
    if (body === null) {
      send(res, htmlResponse(413, 'Request body too large'));
      return;
    }
    const simReq = toSimRequest(method, url.pathname, url.searchParams, body, req.headers.cookie);
    const response = await serviceResponse(signInHost, 'rightToWork', simReq);
    if (response !== 'hang') send(res, response);
  }

  return { respond, respondSignIn };
}
