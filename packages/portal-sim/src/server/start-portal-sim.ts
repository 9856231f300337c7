import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { effectiveFaults, inScope, latencyBounds } from '../faults/effective-faults.js';
import type { Faults, ServiceName } from '../faults/fault-types.js';
import { parseFaults } from '../faults/parse-faults.js';
import { Lockout } from '../lookup/lockout.js';
import { createRenderer } from '../render/renderer.js';
import { loadSeedFile, resolvePeople } from '../seed/load-seed.js';
import { parseSeed } from '../seed/parse-seed.js';
import type { Person, SimPerson } from '../seed/person.js';
import { GOV_UK_PREFIX, handleGovUk, startPagePaths } from '../services/gov-uk/start-pages.js';
import { createImmigrationStatus } from '../services/immigration-status/handler.js';
import { createRightToRent } from '../services/right-to-rent/handler.js';
import { createRightToWork } from '../services/right-to-work/handler.js';
import type { SimRuntime } from '../services/runtime.js';
import type { ServiceHandler } from '../services/service-handler.js';
import { parseCookies } from '../session/cookies.js';
import { resolveSettings, type SimSettings } from '../settings.js';
import { packagePaths } from '../util/package-paths.js';
import { uniformInt } from '../util/random.js';
import { fail, ok, type Result } from '../util/result.js';
import { type AdminControls, handleAdmin } from './admin.js';
import { htmlResponse, type SimRequest, type SimResponse } from './http-types.js';
import { PortalSimError } from './portal-sim-error.js';
import { readBody } from './read-body.js';
import { createStaticAssets } from './static-assets.js';

export interface PortalSimOptions extends Partial<SimSettings> {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** People, or the path of a seed JSON file; default: the package's seed/people.json. */
  readonly seed?: readonly Person[] | string;
  /** Faults in force from the start. */
  readonly faults?: Faults;
  /** The time the services see (dates of check, code expiry, session timeouts). Default: the system clock. */
  readonly clock?: () => Date;
}

export type ServiceUrls = Readonly<Record<ServiceName, string>>;

export interface PortalSim {
  /** The simulator's origin, for example http://127.0.0.1:39123. */
  readonly url: string;
  /** Each service's stand-in for its real origin (https://right-to-work.service.gov.uk ...). */
  readonly baseUrls: ServiceUrls;
  /** Each service's first step: baseUrl + /rtw-view, /rtr-view, /view/start. */
  readonly entryUrls: ServiceUrls;
  /** The www.gov.uk start pages, with their "Start now" buttons. */
  readonly startPages: ServiceUrls;
  readonly people: readonly SimPerson[];
  readonly settings: SimSettings;
  /** The faults in force. */
  faults(): Faults;
  /** Replaces the faults; invalid faults leave the old ones in force and come back as problems. */
  setFaults(faults: Faults): Result<Faults, string[]>;
  resetFaults(): void;
  /** Removes faults, lockouts and sessions. */
  reset(): void;
  /** Stops listening and drops every open connection, hung ones included. */
  close(): Promise<void>;
}

async function loadPeople(
  seed: PortalSimOptions['seed'],
  defaultSeed: string,
): Promise<Result<SimPerson[], string[]>> {
  if (seed === undefined || typeof seed === 'string') return loadSeedFile(seed ?? defaultSeed);
  const parsed = parseSeed(seed);
  if (!parsed.ok) return parsed;
  return resolvePeople(parsed.value, process.cwd());
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

function send(res: ServerResponse, response: SimResponse): void {
  if (res.destroyed) return;
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers))
    res.setHeader(name, value as string | string[]);
  res.end(response.body);
}

/**
 * Starts the simulator of the three GOV.UK share-code services on one port. Rejects with a
 * PortalSimError when the options, seed or faults are invalid or the port cannot be opened.
 */
export async function startPortalSim(options: PortalSimOptions = {}): Promise<PortalSim> {
  const { port = 0, host = '127.0.0.1', seed, faults: initialFaults, clock, ...given } = options;
  const settingsResult = resolveSettings(given);
  if (!settingsResult.ok) throw new PortalSimError('OPTIONS_INVALID', settingsResult.error);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new PortalSimError('OPTIONS_INVALID', [
      'port must be a whole number from 0 to 65535 (0: any free port)',
    ]);
  }
  const settings = settingsResult.value;
  const paths = packagePaths();
  const peopleResult = await loadPeople(seed, paths.defaultSeed);
  if (!peopleResult.ok) throw new PortalSimError('SEED_INVALID', peopleResult.error);
  const people = peopleResult.value;
  const faultsResult = parseFaults(initialFaults ?? {});
  if (!faultsResult.ok) throw new PortalSimError('FAULTS_INVALID', faultsResult.error);
  let faults: Faults = faultsResult.value;

  const now = clock ?? (() => new Date());
  const renderer = createRenderer({ govukDist: paths.govukDist, templates: paths.templates });
  const lockout = new Lockout(settings.lockoutFailures, settings.lockoutSeconds);
  const startPages = startPagePaths();
  const runtime: SimRuntime = {
    settings,
    renderer,
    people: new Map(people.map((p) => [p.shareCode, p])),
    lockout,
    now,
    faultsFor: (service) => effectiveFaults(faults, service),
    startPages,
  };
  const services: readonly ServiceHandler[] = [
    createRightToWork(runtime),
    createRightToRent(runtime),
    createImmigrationStatus(runtime),
  ];
  const assets = createStaticAssets({ govukDist: paths.govukDist, ownAssets: paths.assets });
  const shutdown = new AbortController();

  let origin = '';
  const urls = (pick: (s: ServiceHandler) => string) =>
    Object.fromEntries(services.map((s) => [s.info.name, `${origin}${pick(s)}`])) as Record<
      ServiceName,
      string
    >;

  const setFaults = (raw: unknown): Result<Faults, string[]> => {
    const parsed = parseFaults(raw);
    if (!parsed.ok) return fail(parsed.error);
    faults = parsed.value;
    return ok(faults);
  };
  const resetFaults = () => {
    faults = {};
  };
  const reset = () => {
    resetFaults();
    lockout.clear();
    for (const s of services) s.reset();
  };
  const admin: AdminControls = {
    summary: () => ({
      url: origin,
      baseUrls: urls((s) => s.info.prefix),
      entryUrls: urls((s) => s.info.prefix + s.info.entryPath),
      startPages: urls((s) => startPages[s.info.name]),
      settings,
      faults,
    }),
    people: () => people,
    faults: () => faults,
    setFaults,
    resetFaults,
    reset,
  };

  async function serviceResponse(service: ServiceHandler, req: SimRequest): Promise<SimResponse | 'hang'> {
    const active = runtime.faultsFor(service.info.name);
    const kind = service.classify(req);
    if (active.latency && inScope(active.latency.on, kind)) {
      const { minMs, maxMs } = latencyBounds(active.latency);
      await sleep(uniformInt(minMs, maxMs), undefined, { signal: shutdown.signal });
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
        entry: s.info.prefix + s.info.entryPath,
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
      send(res, handleGovUk(simReq, renderer, settings));
      return;
    }
    const service = services.find((s) => path === s.info.prefix || path.startsWith(`${s.info.prefix}/`));
    if (!service) {
      const simReq = toSimRequest(method, path, url.searchParams, body, req.headers.cookie);
      send(res, handleGovUk({ ...simReq, path: '/not-found' }, renderer, settings));
      return;
    }
    const simReq = toSimRequest(
      method,
      path.slice(service.info.prefix.length),
      url.searchParams,
      body,
      req.headers.cookie,
    );
    const response = await serviceResponse(service, simReq);
    // A hung request is left open; close() drops it with every other connection.
    if (response !== 'hang') send(res, response);
  }

  const server = createServer((req, res) => {
    respond(req, res).catch((error: unknown) => {
      if (shutdown.signal.aborted) return;
      const detail = error instanceof Error ? error.message : String(error);
      console.error(
        `portal-sim: internal error on ${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}: ${detail}`,
      );
      send(res, htmlResponse(500, 'Sorry, there is a problem with the service'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new PortalSimError('LISTEN_FAILED', [
          `cannot listen on ${host}:${port} (${error.code ?? error.message}); choose another --port or 0`,
        ]),
      );
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    url: origin,
    baseUrls: urls((s) => s.info.prefix),
    entryUrls: urls((s) => s.info.prefix + s.info.entryPath),
    startPages: urls((s) => startPages[s.info.name]),
    people,
    settings,
    faults: () => faults,
    setFaults: (f) => setFaults(f),
    resetFaults,
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
