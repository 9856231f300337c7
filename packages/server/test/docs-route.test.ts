// GET /docs: the contract rendered by Swagger UI from its own files (no CDN), and, when
// a Chromium is installed, the page as a person sees it, with the network cut off but for the server.
import { existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '../../../test/support/required-part.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const CHROMIUM = '/usr/bin/chromium-headless-shell';
const hasChromium = existsSync(CHROMIUM);

describe('GET /docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET / is a landing page for people, linking the docs, the contract, the dashboard and health', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const html = await response.text();
    for (const href of ['/docs', '/openapi.json', '/dashboard', '/healthz'])
      expect(html).toContain(`href="${href}"`);
    expect(html).not.toContain('<script');
    expect((await fetch(`${server.url}/`, { method: 'HEAD' })).status).toBe(200);
    const post = await fetch(`${server.url}/`, { method: 'POST' });
    expect(post.status).toBe(400);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers an HTML shell that loads the renderer from this server and points it at /openapi.json', async () => {
    const response = await fetch(`${server.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const html = await response.text();
    expect(html).toContain('<title>Share-code checks API: reference</title>');
    expect(html).toContain('<script src="/docs/assets/swagger-ui-bundle.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/docs/assets/swagger-ui.css">');
    expect(html).not.toMatch(/https?:\/\//);
    const init = await (await fetch(`${server.url}/docs/assets/init.js`)).text();
    expect(init).toContain("fetch('/openapi.json')");
    expect(init).toContain('window.location.origin');
  });

  it('serves the renderer script and stylesheet from this server, gzipped when asked', async () => {
    const script = await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await script.text();
    expect(code.length).toBeGreaterThan(500_000);
    expect(code).toContain('SwaggerUIBundle');

    // fetch would decompress on its own: read the raw bytes through node:http instead.
    const { request } = await import('node:http');
    const gzipped = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(
        `${server.url}/docs/assets/swagger-ui-bundle.js`,
        { headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        },
      )
        .on('error', reject)
        .end();
    });
    expect(gzipped.encoding).toBe('gzip');
    expect(gzipped.body.length).toBeLessThan(code.length / 2);
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(code);

    const css = await fetch(`${server.url}/docs/assets/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it("serves the licence notice of Swagger UI's bundled parts, which the bundle's first line points to", async () => {
    const script = await (await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`)).text();
    expect(script.slice(0, 200)).toContain('swagger-ui-bundle.js.LICENSE.txt');
    const licence = await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js.LICENSE.txt`);
    expect(licence.status).toBe(200);
    expect(licence.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await licence.text()).toMatch(/@license/);
  });

  it('answers an unknown asset as any unknown path, with the error body', async () => {
    const unknown = await fetch(`${server.url}/no-such-page`);
    const response = await fetch(`${server.url}/docs/assets/..%2F..%2Fpackage.json`);
    expect(response.status).toBe(unknown.status);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INVALID_INPUT');
  });

  describe.skipIf(
    missing(
      !hasChromium,
      'Chromium for the offline docs test',
      `install Debian's chromium-headless-shell (${CHROMIUM})`,
    ),
  )(`in a real browser (${CHROMIUM}), offline`, () => {
    it('renders the API title and its operations', async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const page = await browser.newPage();
        page.setDefaultTimeout(15_000);
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        // Anything that is not this server (a CDN, a font) is refused, as on a machine offline.
        const origin = new URL(server.url).origin;
        await page.route('**/*', (route) =>
          new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
        );
        await page.goto(`${server.url}/docs`);
        await page.getByRole('heading', { name: /Share-code checks API/ }).waitFor();
        await page.getByText('/api/check/right-to-rent', { exact: true }).first().waitFor();
        // The server offered is the one the page came from, not the contract's default address.
        const servers = (await page.locator('.servers select').textContent()) ?? '';
        expect(servers).toContain(origin);
        expect(servers).not.toContain('127.0.0.1:8080');
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 60_000);
  });
});
