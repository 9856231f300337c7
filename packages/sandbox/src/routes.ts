import type { CheckEndpoint, CheckKind } from '@sharecode/core';
import { CHECK_ENDPOINTS } from '@sharecode/core';

export type Operation =
  | { type: 'sync-check'; kind: CheckKind }
  | { type: 'create-check'; kind: CheckKind }
  /** `kind` null: the generic GET, which reads a check of any kind. */
  | { type: 'get-check'; kind: CheckKind | null }
  | { type: 'create-check-request' }
  | { type: 'list-check-requests' }
  | { type: 'get-check-request' }
  | { type: 'cancel-check-request' }
  | { type: 'openapi' }
  | { type: 'health' };

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Route {
  method: Method;
  /** The contract's path template, e.g. `/api/check/async/{check_id}`. */
  template: string;
  operation: Operation;
}

function toRoute(endpoint: CheckEndpoint): Route {
  const { method, template } = endpoint;
  switch (endpoint.operation) {
    case 'sync-check':
      return { method, template, operation: { type: 'sync-check', kind: endpoint.kind } };
    case 'create-check':
      return { method, template, operation: { type: 'create-check', kind: endpoint.kind } };
    case 'get-check':
      return { method, template, operation: { type: 'get-check', kind: endpoint.kind } };
  }
}

/** Every endpoint of openapi.json. */
export const ROUTES: readonly Route[] = [
  // Core's list, right-to-work aliases included, so the sandbox and the service route alike.
  ...CHECK_ENDPOINTS.map(toRoute),
  { method: 'POST', template: '/api/check-requests', operation: { type: 'create-check-request' } },
  { method: 'GET', template: '/api/check-requests', operation: { type: 'list-check-requests' } },
  { method: 'GET', template: '/api/check-requests/{request_id}', operation: { type: 'get-check-request' } },
  {
    method: 'DELETE',
    template: '/api/check-requests/{request_id}',
    operation: { type: 'cancel-check-request' },
  },
  { method: 'GET', template: '/openapi.json', operation: { type: 'openapi' } },
  { method: 'GET', template: '/healthz', operation: { type: 'health' } },
];

export type RouteMatch =
  | { type: 'found'; route: Route; params: Record<string, string> }
  | { type: 'method-not-allowed'; allowed: Method[] }
  | { type: 'not-found' };

function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    const value = got[i] ?? '';
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param !== undefined) {
      if (value === '') return undefined;
      params[param] = value;
    } else if (segment !== value) {
      return undefined;
    }
  }
  return params;
}

/** The route for a method and a path relative to the base URL (exact match: no trailing slash). */
export function matchRoute(method: string, path: string): RouteMatch {
  const allowed: Method[] = [];
  for (const route of ROUTES) {
    const params = matchTemplate(route.template, path);
    if (!params) continue;
    if (route.method === method) return { type: 'found', route, params };
    if (!allowed.includes(route.method)) allowed.push(route.method);
  }
  return allowed.length > 0 ? { type: 'method-not-allowed', allowed } : { type: 'not-found' };
}
