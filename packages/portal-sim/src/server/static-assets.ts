import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { SimResponse } from './http-types.js';

const TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * Serves /assets like a GOV.UK service: GOV.UK Frontend's CSS and JS (whose CSS asks for
 * /assets/fonts and /assets/images), its fonts and images, and our own small scripts.
 */
export function createStaticAssets(roots: { govukDist: string; ownAssets: string }) {
  const cache = new Map<string, SimResponse>();
  const govuk = join(roots.govukDist, 'govuk');

  function locate(path: string): string | null {
    const rel = path.slice('/assets/'.length);
    if (rel.startsWith('portal-sim/')) return within(roots.ownAssets, rel);
    if (/^govuk-frontend\.min\.(css|js)(\.map)?$/.test(rel)) return join(govuk, rel);
    return within(join(govuk, 'assets'), rel);
  }

  return async function serve(path: string): Promise<SimResponse | null> {
    const hit = cache.get(path);
    if (hit) return hit;
    const file = locate(path);
    if (file === null) return null;
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return null;
    }
    const response: SimResponse = {
      status: 200,
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'public, max-age=3600',
      },
      body: new Uint8Array(bytes),
    };
    cache.set(path, response);
    return response;
  };
}

/** Joins and refuses anything that climbs out of the root. */
function within(root: string, rel: string): string | null {
  const full = normalize(join(root, rel));
  return full.startsWith(root + sep) ? full : null;
}
