// What the driver's Chromium fetches and runs, against a local page that asks for everything a GOV.UK
// page asks for: stylesheets and fonts and analytics are never requested, images never loaded, the
// page's scripts off by default; and yet the page reads, forms answer, and a photo served by address
// (with the session's cookie) comes back as a JPEG data URL.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolBrowser } from '../src/portal/check-slots.js';
import { Deadline } from '../src/portal/deadline.js';
import { launchPlaywrightBrowser } from '../src/portal/playwright-browser.js';
import type { CheckSession } from '../src/portal/portal-page.js';
import { bmp, CHROMIUM, dataUrlBytes, jpegSize } from './portal-harness.js';

const PHOTO = Buffer.from(jpeg.encode({ data: Buffer.alloc(8 * 6 * 4, 0x80), width: 8, height: 6 }, 90).data);

const PAGE = (photo: string) => `<!doctype html>
<html lang="en"><head><title>Start</title>
<link rel="stylesheet" href="/assets/app.css?v=3">
<link rel="preload" as="font" href="/assets/font.woff2" crossorigin>
<script src="/assets/app.js"></script>
<script>document.title = 'scripts ran';</script>
<script src="https://www.googletagmanager.com/gtm.js?id=GTM-X"></script>
</head><body>
<img src="/assets/logo.png" alt="">
<main>
  <h1>Enter a name</h1>
  <img id="photo" src="${photo}" alt="Photo">
  <form method="post" action="/next">
    <input type="hidden" name="_csrf" value="t0k3n">
    <label for="name">Name</label><input id="name" name="name">
    <button type="submit">Continue</button>
  </form>
</main></body></html>`;

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly cookie: string;
  readonly body: string;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];

function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  const path = req.url ?? '/';
  seen.push({ method: req.method ?? '', path, cookie: req.headers.cookie ?? '', body });
  const withSession = (req.headers.cookie ?? '').includes('session=s1');
  if (path === '/' || path === '/bmp') {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'set-cookie': 'session=s1; Path=/; HttpOnly',
    });
    res.end(PAGE(path === '/' ? '/photo.jpg' : '/photo.bmp'));
  } else if (path === '/next' && req.method === 'POST') {
    res.writeHead(303, { location: '/done' });
    res.end();
  } else if (path === '/done') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Done</title><main><h1>Thank you</h1></main>');
  } else if ((path === '/photo.jpg' || path === '/photo.bmp') && withSession) {
    const jpg = path === '/photo.jpg';
    res.writeHead(200, { 'content-type': jpg ? 'image/jpeg' : 'image/bmp' });
    res.end(jpg ? PHOTO : bmp(3, 2));
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not here');
  }
}

const requested = (prefix: string) => seen.filter((s) => s.path.startsWith(prefix));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function withSession<T>(javaScript: boolean, work: (session: CheckSession) => Promise<T>): Promise<T> {
  if (CHROMIUM === null) throw new Error('no Chromium');
  const browser: PoolBrowser<CheckSession> = await launchPlaywrightBrowser(CHROMIUM, { javaScript });
  try {
    const session = await browser.newSession();
    try {
      return await work(session);
    } finally {
      await browser.closeSession(session);
    }
  } finally {
    await browser.close();
  }
}

describe.skipIf(CHROMIUM === null)('the driver browser: what it fetches and runs', () => {
  it('by default fetches no stylesheet, font, image or analytics script and runs no page script, yet reads and answers the page', async () => {
    seen.length = 0;
    await withSession(false, async (session) => {
      const page = await session.openPage();
      await page.goto(`${origin}/`, Deadline.in(10_000));
      const snapshot = await page.snapshot();
      expect(snapshot.title).toBe('Start');
      expect(snapshot.status).toBe(200);
      const name = snapshot.controls.find((c) => c.label === 'Name');
      const submit = snapshot.actions.find((a) => a.name === 'Continue');
      expect(name && submit).toBeTruthy();
      if (!name || !submit) return;

      const photo = await page.photo(
        snapshot.images[0] ?? { id: 'photo', alt: '', index: 0, isDataUrl: false },
      );
      expect(dataUrlBytes(photo ?? '')).toEqual(PHOTO);

      expect(
        await page.answer({ fill: [[name, 'ANNA SMITH']], check: [], submit }, Deadline.in(10_000)),
      ).toBe(true);
      expect((await page.snapshot()).title).toBe('Done');
    });
    expect(requested('/assets/')).toEqual([]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /',
      'GET /photo.jpg',
      'POST /next',
      'GET /done',
    ]);
    // The photo and the form went with the session's cookie; the form sent its hidden token too.
    expect(requested('/photo.jpg')[0]?.cookie).toContain('session=s1');
    expect(new URLSearchParams(requested('/next')[0]?.body)).toEqual(
      new URLSearchParams({ _csrf: 't0k3n', name: 'ANNA SMITH' }),
    );
  });

  it('re-encodes a photo that is not a JPEG, with the page scripts off', async () => {
    await withSession(false, async (session) => {
      const page = await session.openPage();
      await page.goto(`${origin}/bmp`, Deadline.in(10_000));
      const photo = await page.photo({ id: 'photo', alt: 'Photo', index: 0, isDataUrl: false });
      expect(jpegSize(photo)).toEqual({ width: 3, height: 2 });
    });
  });

  it('runs the page scripts when told to, and still blocks stylesheets, fonts, images and analytics', async () => {
    seen.length = 0;
    await withSession(true, async (session) => {
      const page = await session.openPage();
      await page.goto(`${origin}/`, Deadline.in(10_000));
      expect((await page.snapshot()).title).toBe('scripts ran');
    });
    expect(requested('/assets/').map((s) => s.path)).toEqual(['/assets/app.js']);
  });
});
