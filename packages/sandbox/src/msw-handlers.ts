import { APPLICANT_PATH_PREFIX } from '@sharecode/core/check-requests';
import type { HttpHandler } from 'msw';
import { http } from 'msw';
import { ROUTES } from './routes.js';

/**
 * One MSW handler per contract endpoint (named, so `server.listHandlers()` reads like the contract),
 * then catch-alls that give unknown paths and wrong methods under the base URL the service's error
 * answer instead of letting them through. Every handler routes through the same `answer`, which
 * does its own exact matching.
 */
export function mswHandlers(baseUrl: string, answer: (request: Request) => Promise<Response>): HttpHandler[] {
  const resolver = ({ request }: { request: Request }) => answer(request);
  const endpoints = ROUTES.map((route) => {
    const url = `${baseUrl}${route.template.replace(/\{(\w+)\}/g, ':$1')}`;
    const method = route.method === 'GET' ? http.get : route.method === 'POST' ? http.post : http.delete;
    return method(url, resolver);
  });
  // The applicant's page of a check request (GET shows it, POST takes its form).
  const page = `${baseUrl}${APPLICANT_PATH_PREFIX}:token`;
  return [
    ...endpoints,
    http.get(page, resolver),
    http.post(page, resolver),
    http.all(`${baseUrl}/*`, resolver),
    http.all(baseUrl, resolver),
  ];
}
