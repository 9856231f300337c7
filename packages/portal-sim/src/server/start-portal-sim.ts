import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fail, type Outcome, ok } from '@sharecode/core';
import { effectiveFaults, inScope, latencyBounds } from '../faults/effective-faults.js';
import type { Faults, ServiceName } from '../faults/fault-types.js';
import { parseFaults } from '../faults/parse-faults.js';
import { Lockout } from '../lookup/lockout.js';
import { createRenderer } from '../render/renderer.js';
import { loadSeedFile, resolvePeople } from '../seed/load-seed.js';
import { parseSeed } from '../seed/parse-seed.js';
import type { SimPerson } from '../seed/person.js';
import { GOV_UK_PREFIX, handleGovUk, startPagePaths } from '../services/gov-uk/start-pages.js';
import { createImmigrationStatus } from '../services/immigration-status/handler.js';
import { createRightToRent } from '../services/right-to-rent/handler.js';
import { createRightToWork } from '../services/right-to-work/handler.js';
import type { SimRuntime } from '../services/runtime.js';
import type { HostRoutes, ServiceHandler } from '../services/service-handler.js';
import {
  createSignInHost,
  SIGN_IN_INTERRUPTIONS,
  type SignInInterruption,
} from '../services/sign-in/handler.js';
import { parseCookies } from '../session/cookies.js';
import { packagePaths } from '../util/package-paths.js';
import { uniformInt } from '../util/random.js';
import { parseVariants, type SimVariants, variantsFor } from '../variants.js';
import { type AdminControls, handleAdmin } from './admin.js';
import { htmlResponse, type SimRequest, type SimResponse } from './http-types.js';
import { closeServer, type Listening, listen, send } from './listen.js';
import { PortalSimError } from './portal-sim-error.js';
import type { PortalSim, PortalSimOptions } from './portal-sim-types.js';
import { readBody } from './read-body.js';
import { resolveOptions } from './resolve-options.js';
import { createStaticAssets } from './static-assets.js';

async function loadPeople(
  seed: PortalSimOptions['seed'],
  defaultSeed: string,
): Promise<Outcome<SimPerson[], string[]>> {
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

/**
 * Starts the simulator of the three GOV.UK share-code services on one port. Rejects with a
 * PortalSimError when the options, seed or faults are invalid or the port cannot be opened.
 */
export async function startPortalSim(options: PortalSimOptions = {}): Promise<PortalSim> {
  const {
    port = 0,
    signInPort = 0,
    host = '127.0.0.1',
    seed,
    faults: initialFaults,
    clock,
    ...rest
  } = options;
  const resolved = resolveOptions(rest, port, signInPort);
  if (!resolved.ok) throw new PortalSimError('OPTIONS_INVALID', resolved.error);
  const { settings } = resolved.value;
  const startVariants: SimVariants = resolved.value.variants;
  let variants = startVariants;
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
    variants: () => variants,
    variantsFor: (person) => variantsFor(variants, person?.variants),
    origin: () => origin,
    signInOrigin: () => signInOrigin,
  };
  const signInHost = createSignInHost(runtime);
  const services: readonly ServiceHandler[] = [
    createRightToWork(runtime, signInHost),
    createRightToRent(runtime),
    createImmigrationStatus(runtime),
  ];
  const assets = createStaticAssets({ govukDist: paths.govukDist, ownAssets: paths.assets });
  const shutdown = new AbortController();

  let origin = '';
  let signInOrigin = '';
  const urls = (pick: (s: ServiceHandler) => string) =>
    Object.fromEntries(services.map((s) => [s.info.name, `${origin}${pick(s)}`])) as Record<
      ServiceName,
      string
    >;

  const setFaults = (raw: unknown): Outcome<Faults, string[]> => {
    const parsed = parseFaults(raw);
    if (!parsed.ok) return fail(parsed.error);
    faults = parsed.value;
    return ok(faults);
  };
  const resetFaults = () => {
    faults = {};
  };
  const setVariants = (raw: unknown): Outcome<SimVariants, string[]> => {
    const parsed = parseVariants(raw);
    if (!parsed.ok) return fail(parsed.error);
    variants = { ...variants, ...parsed.value };
    return ok(variants);
  };
  const entryUrls = () =>
    Object.fromEntries(
      services.map((s) => {
        const entry = s.entryUrl();
        return [s.info.name, entry.startsWith('http') ? entry : `${origin}${entry}`];
      }),
    ) as Record<ServiceName, string>;
  const interruptSignIn = (page: unknown, times: unknown = 1): Outcome<number, string[]> => {
    const problems: string[] = [];
    if (!(SIGN_IN_INTERRUPTIONS as readonly unknown[]).includes(page)) {
      problems.push(`page must be one of ${SIGN_IN_INTERRUPTIONS.map((p) => `"${p}"`).join(', ')}`);
    }
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > 100) {
      problems.push('times must be a whole number from 1 to 100');
    }
    if (problems.length > 0) return fail(problems);
    signInHost.interrupt(page as SignInInterruption, times as number);
    return ok(signInHost.pendingInterruptions());
  };
  const reset = () => {
    resetFaults();
    variants = startVariants;
    lockout.clear();
    for (const s of services) s.reset();
    signInHost.reset();
  };
  const admin: AdminControls = {
    summary: () => ({
      url: origin,
      baseUrls: urls((s) => s.info.prefix),
      entryUrls: entryUrls(),
      signInUrl: signInOrigin,
      startPages: urls((s) => startPages[s.info.name]),
      settings,
      variants,
      faults,
    }),
    variants: () => variants,
    setVariants,
    interruptSignIn,
    people: () => people,
    faults: () => faults,
    setFaults,
    resetFaults,
    reset,
  };

  async function serviceResponse(
    service: HostRoutes,
    name: ServiceName,
    req: SimRequest,
  ): Promise<SimResponse | 'hang'> {
    const active = runtime.faultsFor(name);
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
      send(res, handleGovUk(simReq, renderer, settings, variants));
      return;
    }
    const service = services.find((s) => path === s.info.prefix || path.startsWith(`${s.info.prefix}/`));
    if (!service) {
      const simReq = toSimRequest(method, path, url.searchParams, body, req.headers.cookie);
      send(res, handleGovUk({ ...simReq, path: '/not-found' }, renderer, settings, variants));
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

  const main = await listen('simulator', host, port, respond, shutdown.signal);
  origin = main.origin;
  let signIn: Listening;
  try {
    signIn = await listen('sign-in host', host, signInPort, respondSignIn, shutdown.signal);
  } catch (error) {
    await closeServer(main.server);
    throw error;
  }
  signInOrigin = signIn.origin;

  return {
    url: origin,
    baseUrls: urls((s) => s.info.prefix),
    get entryUrls() {
      return entryUrls();
    },
    signInUrl: signInOrigin,
    startPages: urls((s) => startPages[s.info.name]),
    people,
    settings,
    variants: () => variants,
    setVariants,
    interruptSignIn: (page, times) => interruptSignIn(page, times),
    faults: () => faults,
    setFaults: (f) => setFaults(f),
    resetFaults,
    reset,
    close: async () => {
      shutdown.abort();
      await Promise.all([closeServer(main.server), closeServer(signIn.server)]);
    },
  };
}

export type { PortalSim, PortalSimOptions, ServiceUrls } from './portal-sim-types.js';
