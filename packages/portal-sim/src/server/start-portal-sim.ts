import { fail, type Outcome, ok } from '@sharecode/core';
import { effectiveFaults } from '../faults/effective-faults.js';
import type { Faults, ServiceName } from '../faults/fault-types.js';
import { parseFaults } from '../faults/parse-faults.js';
import { Lockout } from '../lookup/lockout.js';
import { createRenderer } from '../render/renderer.js';
import { loadSeedFile, resolvePeople } from '../seed/load-seed.js';
import { parseSeed } from '../seed/parse-seed.js';
import type { SimPerson } from '../seed/person.js';
import { startPagePaths } from '../services/gov-uk/start-pages.js';
import { createImmigrationStatus } from '../services/immigration-status/handler.js';
import { createRightToRent } from '../services/right-to-rent/handler.js';
import { createRightToWork } from '../services/right-to-work/handler.js';
import type { SimRuntime } from '../services/runtime.js';
import type { ServiceHandler } from '../services/service-handler.js';
import {
  createSignInHost,
  SIGN_IN_INTERRUPTIONS,
  type SignInInterruption,
} from '../services/sign-in/handler.js';
import { packagePaths } from '../util/package-paths.js';
import { parseVariants, type SimVariants, variantsFor } from '../variants.js';
import type { AdminControls } from './admin.js';
import { closeServer, type Listening, listen } from './listen.js';
import { PortalSimError } from './portal-sim-error.js';
import type { PortalSim, PortalSimOptions } from './portal-sim-types.js';
import { resolveOptions } from './resolve-options.js';
import { createRequestRoutes } from './route-requests.js';
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

  const { respond, respondSignIn } = createRequestRoutes({
    runtime,
    services,
    signInHost,
    assets,
    admin,
    renderer,
    settings,
    startPages,
    variants: () => variants,
    signal: shutdown.signal,
  });

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
