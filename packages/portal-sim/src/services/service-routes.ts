// The routing the three services share around their own steps: the requests answered before any
// session, the session guard, which requests a scoped fault hits, and the handler they expose.
import { redirectResponse, type SimRequest, type SimResponse } from '../server/http-types.js';
import { handleCookieChoice } from './cookie-banner.js';
import type { RequestClass, ServiceHandler } from './service-handler.js';
import type { Guarded, ServiceKit } from './service-kit.js';

/** The paths every service has: the date-of-birth step (the lookup), the profile, its photo and PDF. */
export interface ResultPaths {
  readonly dob: string;
  readonly profile: string;
  readonly photo: string;
  readonly pdf: string;
}

/** The lookup is the date-of-birth POST; the profile, its photo and its PDF are the result. */
export function classifyRequest(paths: ResultPaths, method: string, path: string): RequestClass {
  if (method === 'POST' && path === paths.dob) return 'lookup';
  if (path === paths.profile || path === paths.pdf || path === paths.photo) return 'result';
  return 'other';
}

/** A step of the service (GET or POST on one of its paths) with its live session, or the answer already due. */
export function guardStep<S>(kit: ServiceKit<S>, req: SimRequest, paths: Record<string, string>): Guarded<S> {
  const known = Object.values(paths);
  if (!known.includes(req.path) || (req.method !== 'GET' && req.method !== 'POST')) {
    return { ok: false, response: kit.notFound(req) };
  }
  return kit.guard(req);
}

/**
 * The root and the cookie pages (answered without a session), the first step (`entry`), then any
 * other step through `guardStep`.
 */
export function openStep<S>(
  kit: ServiceKit<S>,
  req: SimRequest,
  paths: Record<string, string> & { entry: string },
  entry: (req: SimRequest) => SimResponse,
): Guarded<S> {
  const key = `${req.method} ${req.path}`;
  const answer = (response: SimResponse): Guarded<S> => ({ ok: false, response });
  if (key === 'GET /' || key === 'GET ') return answer(redirectResponse(kit.entryUrl));
  if (key === `GET ${paths.entry}`) return answer(entry(req));
  if (key === 'GET /cookies') return answer(kit.page('pages/cookies.njk', req, {}, { title: 'Cookies' }));
  if (key === 'POST /cookie-preferences') return answer(handleCookieChoice(req, kit.info.prefix));
  return guardStep(kit, req, paths);
}

/** The handler a service exposes; `pathOf` maps a request onto the service's own paths (for classify). */
export function serviceHandler<S>(
  kit: ServiceKit<S>,
  paths: ResultPaths,
  parts: Pick<ServiceHandler, 'handle'> &
    Partial<Pick<ServiceHandler, 'entryUrl' | 'problem'>> & { pathOf?: (req: SimRequest) => string },
): ServiceHandler {
  return {
    info: kit.info,
    entryUrl: parts.entryUrl ?? (() => kit.entryUrl),
    classify: (req) => classifyRequest(paths, req.method, parts.pathOf?.(req) ?? req.path),
    handle: parts.handle,
    problem: parts.problem ?? ((status, req) => kit.problem(status, req)),
    unavailable: (req) => kit.unavailable(req),
    reset: () => kit.sessions.clear(),
  };
}
