import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkError } from '@sharecode/core';
import { escapeHtml } from '@sharecode/core/util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './send-error.js';
import { SWAGGER_UI_DIR, SWAGGER_UI_SERVED } from './swagger-ui-files.js';

/**
 * GET /docs: the contract (/openapi.json) rendered for people by Swagger UI, from the copy of its
 * files in this package's build (swagger-ui-files.ts): no CDN, so the page works offline, and no
 * swagger-ui-dist in an operator's install. Not part of the contract (it is HTML for humans), and it
 * needs no key, like /openapi.json.
 */
export function registerDocsRoute(app: FastifyInstance, deps: { readonly openapiJson: string }): void {
  const page = docsPage(titleOf(deps.openapiJson));
  app.get('/docs', async (_request, reply) => {
    securityHeaders(reply);
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get<{ Params: { file: string } }>('/docs/assets/:file', async (request, reply) => {
    const asset = ASSETS.get(request.params.file);
    if (!asset) return reply.callNotFound();
    const loaded = await load(asset);
    if (!loaded) {
      return sendError(
        reply,
        checkError(
          'INTERNAL',
          `The API reference page cannot load ${asset.file} from @sharecode/server's ${SWAGGER_UI_DIR}/ folder: reinstall @sharecode/server. The contract itself is at /openapi.json.`,
        ),
      );
    }
    securityHeaders(reply);
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('vary', 'accept-encoding');
    reply.type(asset.type);
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(loaded.gzip);
    }
    return reply.send(loaded.raw);
  });
}

interface Asset {
  /** A file of swagger-ui-dist, or our own text. */
  readonly file: string;
  readonly type: string;
  readonly text?: string;
}

// Swagger UI started against this server's contract. A file rather than an inline script, so the
// page can forbid inline scripts. "Try it out" is off: a page that sends checks with a pasted key
// would run (and charge) live checks from a browser; the CLI and the SDK are the tools for that.
// The contract names the default local address as its server; the page shows the address it was
// reached at instead (what a reader here would use), so the document is fetched and adjusted first.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  var options = {
    dom_id: '#docs',
    deepLinking: true,
    supportedSubmitMethods: [],
    defaultModelsExpandDepth: 0,
  };
  fetch('/openapi.json')
    .then(function (response) { return response.json(); })
    .then(function (spec) {
      spec.servers = [{ url: window.location.origin, description: 'This server (the address this page was reached at)' }];
      options.spec = spec;
      window.ui = SwaggerUIBundle(options);
    })
    .catch(function () {
      options.url = '/openapi.json';
      window.ui = SwaggerUIBundle(options);
    });
});
`;

const TYPES: Readonly<Record<(typeof SWAGGER_UI_SERVED)[number], string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js.LICENSE.txt': 'text/plain; charset=utf-8',
};

const ASSETS: ReadonlyMap<string, Asset> = new Map<string, Asset>([
  ...SWAGGER_UI_SERVED.map((file): [string, Asset] => [file, { file, type: TYPES[file] }]),
  ['init.js', { file: 'init.js', type: 'text/javascript; charset=utf-8', text: INIT_SCRIPT }],
]);

interface Loaded {
  readonly raw: Buffer;
  readonly gzip: Buffer;
}

// Read and compressed once, on first use; a failed read is retried on the next request.
const cache = new Map<string, Promise<Loaded | null>>();

function load(asset: Asset): Promise<Loaded | null> {
  let pending = cache.get(asset.file);
  if (!pending) {
    pending = readAsset(asset).then((loaded) => {
      if (!loaded) cache.delete(asset.file);
      return loaded;
    });
    cache.set(asset.file, pending);
  }
  return pending;
}

async function readAsset(asset: Asset): Promise<Loaded | null> {
  try {
    const raw =
      asset.text !== undefined ? Buffer.from(asset.text) : await readFile(join(swaggerUiDir(), asset.file));
    return { raw, gzip: gzipSync(raw) };
  } catch {
    return null;
  }
}

/**
 * The build's copy (dist/swagger-ui, beside the bundled module); running from source (tests, the
 * workspace), the swagger-ui-dist devDependency it is copied from.
 */
function swaggerUiDir(): string {
  const built = fileURLToPath(new URL(`./${SWAGGER_UI_DIR}/`, import.meta.url));
  if (existsSync(built)) return built;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

function securityHeaders(reply: FastifyReply): void {
  // Swagger UI sets inline styles and shows images as data: URLs; everything else is this origin's.
  reply.header(
    'content-security-policy',
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
  reply.header('x-content-type-options', 'nosniff');
}

function titleOf(openapiJson: string): string {
  try {
    const title = (JSON.parse(openapiJson) as { info?: { title?: unknown } }).info?.title;
    return typeof title === 'string' && title !== '' ? title : 'API';
  } catch {
    return 'API';
  }
}

function docsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript. The contract itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;
}
